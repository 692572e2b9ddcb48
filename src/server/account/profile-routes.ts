// The profile (onboarding step and settings) and the profile picture.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, userResponse } from '../../shared/account.ts';
import { IMAGE_MAX_BYTES } from '../../shared/images.ts';
import type { AppContext } from '../context.ts';
import { withTx } from '../db/database.ts';
import { requireUser } from '../access/session.ts';
import { readUpload } from '../images/read-upload.ts';
import { setUserImage } from '../images/set-user-image.ts';
import { storeImage } from '../images/store-image.ts';
import { imageUri, serializeUser } from '../users/serialize-user.ts';

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
        // One name per user: the profile's username is users.name (account-routes.ts keeps it too).
        await withTx(db, async (tx) => {
          await tx
            .insertInto('profiles')
            .values({ user_id: user.id, ...row })
            .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
            .execute();
          await tx.updateTable('users').set({ name: username }).where('id', '=', user.id).execute();
        });
        return { data: await serializeUser(db, { ...user, name: username }, user) };
      },
    );
  }
}

/**
 * The profile picture upload, in a scope of its own with the form's parser: @fastify/multipart's
 * hooks (two of them async) would otherwise run on every request of the app.
 */
export const imageUploadRoutes = async (scope: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx;
  await scope.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });
  scope
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/account/image', { schema: { response: { 200: userResponse } } }, async (request) => {
      const user = requireUser(request);
      const image = await storeImage(db, await readUpload(request), ctx.clock.now());
      await setUserImage(db, user.id, image.id);
      const data = await serializeUser(db, { ...user, image_id: image.id }, user);
      // The picture this upload stored, even if a parallel upload has replaced it meanwhile.
      return { data: { ...data, image: imageUri(image.key) } };
    });
};
