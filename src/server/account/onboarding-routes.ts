// PUT /api/account/onboarding {podcast_id, step}: the onboarding step the account reached with its
// new podcast. Until onboarding is complete (step null), the app leads back to that step
// (src/client/routes/podcast-required.tsx) instead of the dashboard.
// Entscheidung ACC-4: the client names the step, the server keeps it with the account; only the
// podcast's owner may name it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingUpdateSchema, userResponse } from '../../shared/account.ts';
import { can } from '../../shared/roles.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../access/session.ts';
import { notFound } from '../http/errors.ts';
import { serializeUser } from '../users/serialize-user.ts';

export function onboardingRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/api/account/onboarding',
    { schema: { body: onboardingUpdateSchema, response: { 200: userResponse } } },
    async (request) => {
      const user = requireUser(request);
      const { podcast_id, step } = request.body;
      const membership = await db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', user.id)
        .where('podcast_id', '=', podcast_id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!can(membership?.role, 'podcast.delete')) throw notFound('Diesen Podcast gibt es nicht.');
      let update = db
        .updateTable('users')
        .set({ onboarding_podcast_id: step ? podcast_id : null, onboarding_step: step })
        .where('id', '=', user.id);
      // Completing one podcast's onboarding leaves another's open step alone.
      if (!step) update = update.where('onboarding_podcast_id', '=', podcast_id);
      const updated = await update.returningAll().executeTakeFirst();
      return { data: await serializeUser(db, updated ?? user, updated ?? user) };
    },
  );
}
