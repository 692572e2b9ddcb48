// The dashboard's 'Hörerzahlen' widget (features/audience), in a chunk of its own: it mounts with
// the widgets below the first screen (dashboard-more.tsx), and its code and its request wait for
// that, so neither grows the dashboard's first paint. Decision 2026-12-01.
import { lazy, Suspense } from 'react';
import type { Podcast } from '../../../shared/podcasts.ts';

const Widget = lazy(() =>
  import('../../features/audience/components/audience-widget.tsx').then((m) => ({
    default: m.AudienceWidget,
  })),
);

export const audienceWidget = (podcast: Podcast) => (
  <Suspense fallback={null}>
    <Widget podcast={podcast} />
  </Suspense>
);
