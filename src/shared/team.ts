// The team contract (§3 Membership, Invitation; §7): who works on a podcast, who is invited, and
// the coworkers a user shares podcasts with.
import { z } from 'zod';
import { collection, oneOf, resource, text } from './api.ts';
import { email } from './account.ts';
import { membershipRole } from './roles.ts';
import { vocabulary } from './vocabulary.ts';

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 14;

export const membershipMessages = { missing: 'Diese Mitgliedschaft gibt es nicht.' };

/** The roles one can invite with (§5): never `owner`. */
export const invitationRole = vocabulary({
  manager: membershipRole.labels.manager,
  editor: membershipRole.labels.editor,
  observer: membershipRole.labels.observer,
});

/** POST /api/podcasts/{id}/invitations. */
export const invitationFormSchema = z.object({
  email,
  type: oneOf(invitationRole).default('editor'),
  // null too: the form's own output for an empty note, which the client sends.
  notes: text(1000, { multiline: true })
    .nullish()
    .transform((v) => v || null),
});
export type InvitationForm = z.input<typeof invitationFormSchema>;

const labelledRole = z.object({ key: oneOf(membershipRole), trans: z.string() });
const image = z.object({ image_uri: z.string() }).nullable();

export const membershipSchema = z.object({
  id: z.number(),
  active: z.boolean(),
  role: labelledRole,
  podcast: z.object({ id: z.number(), title: z.string() }),
  user: z.object({
    id: z.number(),
    name: z.string().nullable(),
    email: z.string(),
    image,
    is_self: z.boolean(),
  }),
});
export type Membership = z.infer<typeof membershipSchema>;
export const membershipResource = resource(membershipSchema);
export const membershipsResponse = collection(membershipSchema);

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: labelledRole,
  notes: z.string().nullable(),
  created_at: z.string(),
  /** yyyy-MM-dd (Berlin) after which the link no longer works. */
  expires_at: z.string(),
  expired: z.boolean(),
  converted: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResource = resource(invitationSchema);
/** Converted invitations are not listed (§4). */
export const invitationsResponse = collection(invitationSchema);

/** GET /api/invitations/{token}: what the invited person sees before accepting (no secrets). */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: labelledRole,
  podcast: z.object({ title: z.string() }),
  inviter: z.object({ name: z.string().nullable() }),
  expired: z.boolean(),
  converted: z.boolean(),
});
export const invitationPreviewResource = resource(invitationPreviewSchema);

/**
 * POST /api/invitations/{token}:accept. The link is a bearer token: signed in with another
 * address than the invited one, the accept needs `confirm: true` (the page asks first).
 */
export const invitationAcceptSchema = z.object({ confirm: z.boolean().optional() }).nullish();
export type InvitationAcceptInput = z.infer<typeof invitationAcceptSchema>;

export const invitationAcceptMessages = {
  otherAddress: (invited: string) =>
    `Diese Einladung ging an ${invited}. Bitte bestätige, dass du sie mit deinem angemeldeten Konto annehmen willst.`,
};

/** GET /api/coworkers: everyone the user shares an active podcast with (not the user). */
export const coworkerSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  image,
  podcasts: z.array(z.object({ id: z.number(), title: z.string(), role: labelledRole })),
});
export type Coworker = z.infer<typeof coworkerSchema>;
export const coworkersResponse = collection(coworkerSchema);
