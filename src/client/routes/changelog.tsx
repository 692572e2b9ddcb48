import { createRoute } from '@tanstack/react-router';
import { notAvailable } from '../components/not-available.tsx';
import { appRoute } from './app.tsx';

export const changelogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'changelog',
  component: notAvailable('Changelog & Roadmap'),
});
