// Accounts: users, their sessions, images, tokens, throttles and the app's secrets.
import type { Generated } from 'kysely';
import type { Timestamp, Flag } from './columns.ts';

export interface UsersTable {
  id: Generated<number>;
  name: string | null;
  email: string;
  password_hash: string;
  role: string;
  email_verified_at: Timestamp | null;
  granted: Generated<Flag>;
  image_id: number | null;
  steady_user_email: string | null;
  /** A new address waiting for confirmation (the current one keeps working until then). */
  pending_email: string | null;
  podcast_title: string | null;
  /** The podcast whose onboarding is open, and the step it left off at (confirm, profile, complete). */
  onboarding_podcast_id: number | null;
  onboarding_step: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  user_id: number;
  username: string;
  position: string | null;
  language: string;
  referrer: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface ImagesTable {
  id: Generated<number>;
  /** Random, URL-safe; the image's address is `/api/images/{key}`. */
  key: string;
  bytes: Buffer;
  mime: string;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ThrottlesTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface AccessCodesTable {
  code: string;
  note: string | null;
  created_at: Timestamp;
  redeemed_by: number | null;
  redeemed_at: Timestamp | null;
}

export interface SecretsTable {
  key: string;
  value: string;
}
