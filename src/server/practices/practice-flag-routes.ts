// A podcast's flags on a method (spec §7): bookmarks, rejections, applications. POST sets and
// DELETE unsets, both safe to repeat; only roles that may edit (practices.flag). Applied and
// rejected methods score 0, so those two refresh the podcast's ranking.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../shared/api.ts';
import { berlinDate } from '../../shared/calendar.ts';
import {
  applicationResponse,
  bookmarkResponse,
  practiceFlagBody,
  rejectionResponse,
} from '../../shared/podcast-practices.ts';
import { requirePodcast } from '../access/guard.ts';
import { requireUser } from '../access/session.ts';
import type { AppContext } from '../context.ts';
import { isForeignKeyViolation } from '../db/database.ts';
import { invalid } from '../http/errors.ts';
import { renderPractices } from './practice-cards.ts';
import { flagRowOf } from './practice-pages.ts';
import { ensureScores, refreshScores } from './recommend.ts';

export const missingPractice = 'Diese Methode gibt es nicht.';

export const flagTables = {
  bookmarks: 'practice_bookmarks',
  rejections: 'practice_rejections',
  applications: 'practice_applications',
} as const;
type FlagKind = keyof typeof flagTables;

export function practiceFlagRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const flag = { podcast: { action: 'practices.flag' as const } };

  const answers = {
    bookmarks: bookmarkResponse,
    rejections: rejectionResponse,
    applications: applicationResponse,
  } as const;

  for (const kind of Object.keys(flagTables) as FlagKind[]) {
    const table = flagTables[kind];
    const body = practiceFlagBody;
    // Applied and rejected methods are scored 0; bookmarks do not change a score.
    const rescore = kind !== 'bookmarks';

    /** The method must exist: a field error on practice_id otherwise. */
    async function requirePractice(practiceId: number) {
      const found = await db
        .selectFrom('practices')
        .select('id')
        .where('id', '=', practiceId)
        .executeTakeFirst();
      if (!found) throw invalid({ practice_id: [missingPractice] });
    }

    /** The column of flagColumns that holds this kind's row id. */
    const idColumn = (
      { bookmarks: 'bookmark_id', rejections: 'rejection_id', applications: 'application_id' } as const
    )[kind];

    api.post(
      `/api/podcasts/:id/${kind}`,
      {
        schema: { params: idParam, body, response: { 200: answers[kind], 201: answers[kind] } },
        config: flag,
      },
      async (request, reply) => {
        const { podcast, plan } = requirePodcast(request);
        const practiceId = request.body.practice_id;
        const now = clock.now();
        const values = {
          podcast_id: podcast.id,
          practice_id: practiceId,
          user_id: requireUser(request).id,
          created_at: now.toISOString(),
          ...(kind === 'applications' && { starts_on: berlinDate(now) }),
        };
        // One read gives whether the method exists, its flags and the podcast's score state; set
        // already (a repeat): nothing to write. Else the insert (its foreign key refuses a method
        // deleted meanwhile). The answer's method is rendered like the list's (practice-cards.ts).
        // Entscheidung PRA-3: one read decides, so a repeat costs no write.
        const found = await flagRowOf(db, podcast.id, practiceId);
        if (!found.row) throw invalid({ practice_id: [missingPractice] });
        let { row } = found;
        let created = false;
        if (row[idColumn] === null) {
          let inserted;
          try {
            inserted = await db
              .insertInto(table)
              .values(values as typeof values & { starts_on: string })
              .onConflict((oc) => oc.columns(['podcast_id', 'practice_id']).doNothing())
              .returning('id')
              .executeTakeFirst();
          } catch (error) {
            if (isForeignKeyViolation(error)) throw invalid({ practice_id: [missingPractice] });
            throw error;
          }
          created = inserted !== undefined;
          if (inserted) {
            row = { ...row, [idColumn]: inserted.id };
            if (kind === 'applications') row.applied_on = values.starts_on ?? null;
          } else {
            // Set by a concurrent request between the read and the insert.
            row = (await flagRowOf(db, podcast.id, practiceId)).row ?? row;
          }
        }
        // Applied and rejected methods score 0: the ranking follows the flag (or stays, by its fingerprint).
        const ranking =
          rescore && created
            ? await refreshScores(db, podcast.id, now)
            : plan.active
              ? await ensureScores(db, podcast.id, now, found.state)
              : undefined;
        const { json, count } = await renderPractices(db, [row], now, plan.active ? ranking : undefined);
        if (!count) throw invalid({ practice_id: [missingPractice] });
        const practice = json.slice(1, -1);
        const startsAt = kind === 'applications' ? `,"starts_at":${JSON.stringify(row.applied_on)}` : '';
        const data = `{"id":${row[idColumn]},"practice":${practice}${startsAt}}`;
        return reply
          .status(created ? 201 : 200)
          .type('application/json; charset=utf-8')
          .send(`{"data":${data}}` as never);
      },
    );

    api.delete(
      `/api/podcasts/:id/${kind}`,
      { schema: { params: idParam, body }, config: flag },
      async (request, reply) => {
        const { podcast } = requirePodcast(request);
        const practiceId = request.body.practice_id;
        await requirePractice(practiceId);
        const result = await db
          .deleteFrom(table)
          .where('podcast_id', '=', podcast.id)
          .where('practice_id', '=', practiceId)
          .executeTakeFirst();
        if (rescore && Number(result.numDeletedRows) > 0) await refreshScores(db, podcast.id, clock.now());
        return reply.status(204).send();
      },
    );
  }
}
