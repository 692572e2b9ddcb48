import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from './app.tsx';
import { rootRoute } from './root.tsx';

const project = () => import('../features/project/components/project-page.tsx');

/** project (about page with newsletter and social links): public, and inside the app. */
export const publicProjectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'project',
  component: lazyRouteComponent(project, 'ProjectPage'),
});

export const projectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'project',
  component: lazyRouteComponent(project, 'AppProjectPage'),
});

const ConfirmPage = lazyRouteComponent(
  () => import('../features/project/components/newsletter-confirm-page.tsx'),
  'NewsletterConfirmPage',
);

/** The link of the newsletter's double opt-in mail (not a spec route). */
export const newsletterConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'newsletter/confirm',
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: function NewsletterConfirm() {
    return <ConfirmPage token={newsletterConfirmRoute.useSearch().token} />;
  },
});
