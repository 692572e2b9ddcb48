// Idempotency keys of writes (src/server/pipeline/idempotency.ts).

/** One Idempotency-Key of one caller (src/server/pipeline/idempotency.ts); times in epoch ms. */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  /** Method and URL of the first request with the key. */
  request: string;
  body_hash: string;
  state: 'running' | 'done';
  /** The request (random id) that acts on the key. */
  holder: string;
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: number;
  locked_until: number;
  expires_at: number;
}

/** Changes per podcast on PostgreSQL (migration 0023; podcast 0: of everything), for kept answers. */
export interface ChangeCountsTable {
  podcast_id: number;
  count: number;
}
