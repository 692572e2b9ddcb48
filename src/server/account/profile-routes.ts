// The profile (onboarding step and settings) and the profile picture.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, userResponse } from '../../shared/account.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../auth/session.ts';
import { invalid } from '../http/errors.ts';
import { storeImage } from '../images/store-image.ts';
import { serializeUser } from '../users/serialize-user.ts';

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // POST creates (onboarding), PUT updates (settings); both leave one profile per user.
  for (const method of ['post', 'put'] as const) {
    api[method](
      '/api/account/profile',
      { schema: { body: profileSchema, response: { 200: userResponse } } },
      async (request) => {
        const user = requireUser(request);
        const { username, position, language, referrer } = request.body;
        const row = { username, position: position ?? null, language, referrer: referrer ?? null };
        await db
          .insertInto('profiles')
          .values({ user_id: user.id, ...row })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
          .execute();
        return { data: await serializeUser(db, user, user) };
      },
    );
  }

  api.post('/api/account/image', { schema: { response: { 200: userResponse } } }, async (request) => {
    const user = requireUser(request);
    const file = request.isMultipart() ? await request.file() : undefined;
    if (!file || file.fieldname !== 'upload') {
      throw invalid({ upload: ['Bitte wähle ein Bild aus.'] });
    }
    const imageId = await storeImage(db, await file.toBuffer());
    await db.updateTable('users').set({ image_id: imageId }).where('id', '=', user.id).execute();
    if (user.image_id) await db.deleteFrom('images').where('id', '=', user.image_id).execute();
    return { data: await serializeUser(db, { ...user, image_id: imageId }, user) };
  });
}
