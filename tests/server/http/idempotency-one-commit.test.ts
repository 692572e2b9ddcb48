// On SQLite a keyed write whose route answers with its one write (`config: { answerWithWrite: true }`:
// a step toggle, 'Alles erledigt', a comment, metrics) stores the key's answer inside that write's
// own transaction (src/server/pipeline/unit-of-work.ts): the write and its answer are one commit,
// so no crash between two commits can leave a done write whose key a retry would act on again.
// Shown by making the answer's store fail (a temporary trigger on the app's connection): the write
// is gone with it. SQLite only: on PostgreSQL the answer goes with the request's COMMIT
// (idempotency-in-doubt.test.ts, write-round-trips.test.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { commentTexts, ownerWithExperiment } from '../experiments/experiment-helpers.ts';

describe.skipIf(process.env.TEST_DATABASE_URL)(
  "a keyed write's answer in the write's commit (SQLite)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.app.close());

    it('a comment whose answer cannot be stored is not written either; the same key acts once it can', async () => {
      const { owner, experiment } = await ownerWithExperiment(t);
      const comments = () => commentTexts(t, experiment.id);
      const comment = () =>
        owner.agent.post(
          `/api/experiments/${experiment.id}/comments`,
          { content: 'Einmal' },
          { 'idempotency-key': 'eine-antwort-1' },
        );
      await sql`create temp trigger no_answers before insert on idempotency_keys
      begin select raise(abort, 'keine Antwort'); end`.execute(t.db);
      try {
        const refused = await comment();
        expect(refused.statusCode).toBeGreaterThanOrEqual(400);
        expect(await comments()).toEqual([]);
      } finally {
        await sql`drop trigger no_answers`.execute(t.db);
      }
      const sent = await comment();
      expect(sent.statusCode).toBe(201);
      expect((await comment()).headers['idempotent-replayed']).toBe('true');
      expect(await comments()).toEqual(['Einmal']);
    });
  },
);
