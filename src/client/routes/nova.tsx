// The admin panel /nova (§6), for admins and editors; its screens load as chunks of their own,
// so no other user ever downloads them. The layout asks /api/nova/me and shows the 404 page to
// everyone else.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

const admin = () => import('../features/admin/components/nova-layout.tsx');
const users = () => import('../features/admin/components/users-page.tsx');
const practices = () => import('../features/admin/components/practice-editor.tsx');
const entries = () => import('../features/admin/components/entries-pages.tsx');
const records = () => import('../features/admin/components/records-pages.tsx');

export const novaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'nova',
  component: lazyRouteComponent(admin, 'NovaLayout'),
});

export const novaIndexRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: '/',
  component: lazyRouteComponent(admin, 'NovaHome'),
});

/** A path id as a number; anything else is 0, which the API answers with 404. */
const numericId = (value: string) => (/^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0);

export const novaUsersRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'users',
  component: lazyRouteComponent(users, 'UsersPage'),
});

const UserPage = lazyRouteComponent(users, 'UserPage');
export const novaUsersShowRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'users/$id',
  component: function NovaUser() {
    return <UserPage id={numericId(novaUsersShowRoute.useParams().id)} />;
  },
});

export const novaPodcastsRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'podcasts',
  component: lazyRouteComponent(users, 'PodcastsPage'),
});

export const novaPracticesRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'practices',
  component: lazyRouteComponent(practices, 'PracticesPage'),
});

const PracticeEditor = lazyRouteComponent(practices, 'PracticeEditor');
/** The method action menu's admin edit link opens this page (§2). */
export const novaPracticesEditRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'practices/$id',
  component: function NovaPractice() {
    return <PracticeEditor id={numericId(novaPracticesEditRoute.useParams().id)} />;
  },
});

export const novaCompilationsRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'compilations',
  component: lazyRouteComponent(entries, 'CompilationsAdminPage'),
});
export const novaAdvicesRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'advices',
  component: lazyRouteComponent(entries, 'AdvicesAdminPage'),
});
export const novaChangelogRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'changelog',
  component: lazyRouteComponent(entries, 'ChangelogAdminPage'),
});
export const novaRoadmapRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'roadmap',
  component: lazyRouteComponent(entries, 'RoadmapAdminPage'),
});
export const novaFeedbackRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'feedback',
  component: lazyRouteComponent(records, 'FeedbackAdminPage'),
});
export const novaCodesRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'codes',
  component: lazyRouteComponent(records, 'CodesAdminPage'),
});
export const novaAuditRoute = createRoute({
  getParentRoute: () => novaRoute,
  path: 'audit',
  component: lazyRouteComponent(records, 'AuditPage'),
});
