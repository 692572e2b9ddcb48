import { createRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { requireGuest } from './guards.ts';
import { rootRoute } from './root.tsx';

/** The first screen of every visitor: bundled with the entry (about 4 KB), not fetched after it. */
export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { guestOnly: true },
  beforeLoad: requireGuest,
  component: LandingPage,
});
