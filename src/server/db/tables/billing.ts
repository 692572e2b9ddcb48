// Billing through the membership provider (Steady): accounts and contracts.
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** A user's connection to the membership provider; tokens never leave the server. */
export interface SteadyAccountsTable {
  user_id: number;
  steady_user_id: string | null;
  email: string | null;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: Timestamp | null;
  subscription_id: string | null;
  /** in_trial | active | not_renewing | none, as last read from the provider. */
  state: Generated<string>;
  period: string | null;
  plan_name: string | null;
  cancelled_at: Timestamp | null;
  expires_at: Timestamp | null;
  checked_at: Timestamp;
}

/** The podcast a user's subscription unlocks (one each way). */
export interface ContractsTable {
  podcast_id: number;
  user_id: number;
  created_at: Timestamp;
}
