// Who may do what in a podcast: one table for the server's guard (src/server/access/guard.ts)
// and for the client, which hides what a role may not do. Anything not listed is denied.
import { vocabulary } from './vocabulary.ts';

/** The roles of a membership; the owner is the membership with role `owner` (one per podcast). */
export const membershipRole = vocabulary({
  owner: 'Inhaber*in',
  manager: 'Manager*in',
  editor: 'Redakteur*in',
  observer: 'Beobachter*in',
});
export type Role = (typeof membershipRole.keys)[number];

/** Everything a podcast-scoped call can do. */
export const podcastActions = [
  'podcast.read',
  'podcast.update',
  'podcast.complete',
  'podcast.refresh',
  'podcast.delete',
  'objective.update',
  'stage.update',
  'strategy.update',
  'milestones.update',
  'metrics.create',
  'settings.update',
  'memberships.read',
  'memberships.manage',
  'invitations.read',
  'invitations.create',
  'contract.manage',
  'experiments.read',
  'contract.redeem',
  'experiments.create',
  'practices.flag',
  'experiments.update',
  'experiments.delete',
  'experiments.comment',
  'assistances.read',
  'audience.read',
  'audience.manage',
] as const;
export type PodcastAction = (typeof podcastActions)[number];

const read: PodcastAction[] = [
  'podcast.read',
  'memberships.read',
  'invitations.read',
  'experiments.read',
  'assistances.read',
  'audience.read',
];
/** Content of the podcast's work: goals, stage, strategy, milestones, metrics, settings. */
const content: PodcastAction[] = [
  'podcast.complete',
  'podcast.refresh',
  'objective.update',
  'stage.update',
  'strategy.update',
  'milestones.update',
  'metrics.create',
  'settings.update',
  'experiments.create',
  'practices.flag',
  'experiments.update',
  'experiments.delete',
  'experiments.comment',
];
/**
 * The podcast's general data and its team (inviting, not removing), unlocking it with one's own
 * subscription (a manager's contract shows as 'unlocked by {email}'), and its audience sources
 * (connecting OP3 with a token, uploading exports, removing them).
 */
const management: PodcastAction[] = [
  'podcast.update',
  'invitations.create',
  'contract.redeem',
  'audience.manage',
];
/** Only the owner: the podcast's existence, its members and its paid plan. */
const ownership: PodcastAction[] = ['podcast.delete', 'memberships.manage', 'contract.manage'];

const table: Record<Role, ReadonlySet<PodcastAction>> = {
  observer: new Set(read),
  editor: new Set([...read, ...content]),
  manager: new Set([...read, ...content, ...management]),
  owner: new Set([...read, ...content, ...management, ...ownership]),
};

/** Whether a member with `role` may do `action`; unknown roles and actions may do nothing. */
export function can(role: string | null | undefined, action: string): boolean {
  if (!role || !Object.hasOwn(table, role)) return false;
  return (table[role as Role] as ReadonlySet<string>).has(action);
}

/** Roles of a user (not of a membership) that see the Administration link (§6). */
export const adminRoles = ['admin', 'editor'] as const;
export const isAdmin = (user: { role: { key: string } }) =>
  (adminRoles as readonly string[]).includes(user.role.key);
