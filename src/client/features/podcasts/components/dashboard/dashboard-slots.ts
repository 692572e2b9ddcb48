// The dashboard's slots in a file of their own (Entscheidung FPOD-2): the page and the widgets
// below its first screen (dashboard-more.tsx) both name them.
import type { ReactNode } from 'react';
import type { Podcast } from '../../../../../shared/podcasts.ts';

/**
 * What other features put on the dashboard (the route file composes them; features don't import
 * each other): running experiments, the method widgets, and the launch gift's link to its set.
 */
export type DashboardSlots = {
  experiments?: (podcast: Podcast) => ReactNode;
  methods?: (podcast: Podcast) => ReactNode;
  giftLink?: (className: string) => ReactNode;
  /** 'Hörerzahlen' (features/audience), below the first screen. */
  audience?: (podcast: Podcast) => ReactNode;
};
