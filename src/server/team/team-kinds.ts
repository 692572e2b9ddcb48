// The guard's kinds of the team (access/kinds.ts): a membership and an invitation, each by its own
// `podcast_id`. Registered by app.ts before the routes.
import { membershipMessages } from '../../shared/team.ts';
import type { PodcastKind } from '../access/access-query.ts';
import { ownedBy, type PodcastVia } from '../access/kinds.ts';
import { invitationMessages } from './invitations.ts';

declare module '../access/kinds.ts' {
  interface PodcastKindNames {
    membership: true;
    invitation: true;
  }
}

export const teamKinds = {
  membership: { missing: membershipMessages.missing, narrow: ownedBy('memberships') },
  invitation: { missing: invitationMessages.missing, narrow: ownedBy('invitations') },
} satisfies Partial<Record<PodcastVia, PodcastKind>>;
