// Uploading an export: POST …/audience-uploads keeps the file as a pending upload and answers its
// columns and a mapping (the one remembered for files of its shape, else a guess);
// POST …/audience-uploads/{uploadId}:commit stores its days under the mapping the user chose
// (commit-upload.ts). Both for owners and managers (audience.manage), Basic and Pro alike.
//
// Entscheidung AUD-6: pending uploads older than a day, all but this podcast's newest few and all
// but the uploader's newest few across their podcasts are removed after the next one is stored.
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '../../shared/api.ts';
import {
  audienceMessages,
  audienceUploadResource,
  commitUploadBody,
  commitUploadResource,
  UPLOAD_MAX_BYTES,
} from '../../shared/audience.ts';
import { requirePodcast } from '../access/guard.ts';
import { requireUser } from '../access/session.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { HttpError, invalid } from '../http/errors.ts';
import { commitUpload } from './commit-upload.ts';
import { previewReports, reportsOf } from './upload-reports.ts';

const KEEP_PENDING = 3;
const PENDING_MS = 86_400_000;

const uploadError = (status: number, message: string) =>
  new HttpError(status, message, { upload: [message] });

/** The form's one file (field `upload`); every broken form is a German 4xx, never a 500. */
async function readExport(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalid({ upload: [audienceMessages.uploadMissing] });
  let file: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file || file.fieldname !== 'upload') throw invalid({ upload: [audienceMessages.uploadMissing] });
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(413, audienceMessages.uploadTooLarge);
    throw uploadError(400, audienceMessages.uploadUnreadable);
  }
  const name = (file.filename || 'upload.csv').slice(0, 200);
  if (bytes.length === 0) throw invalid({ upload: [audienceMessages.uploadEmpty(name)] });
  return { bytes, name };
}

/** Removes all but the newest few pending uploads of a podcast or of an uploader. */
async function keepNewest(db: Db, column: 'podcast_id' | 'user_id', value: number) {
  const newest = await db
    .selectFrom('audience_uploads')
    .select('id')
    .where(column, '=', value)
    .orderBy('id', 'desc')
    .limit(KEEP_PENDING)
    .execute();
  if (newest.length < KEEP_PENDING) return;
  const keep = newest.map((row) => row.id);
  await db.deleteFrom('audience_uploads').where(column, '=', value).where('id', 'not in', keep).execute();
}

export const audienceUploadRoutes = async (scope: FastifyInstance, { db, clock }: AppContext) => {
  await scope.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const manage = { podcast: { action: 'audience.manage' as const } };

  api.post(
    '/api/podcasts/:id/audience-uploads',
    { schema: { params: idParam, response: { 201: audienceUploadResource } }, config: manage },
    async (request, reply) => {
      const podcastId = requirePodcast(request).podcast.id;
      const user = requireUser(request);
      const { bytes, name } = await readExport(request);
      const { reports, content, zip } = reportsOf(bytes, name);
      const { previews, shape } = await previewReports(db, podcastId, reports, zip);
      const now = clock.now();
      const row = await db
        .insertInto('audience_uploads')
        .values({
          podcast_id: podcastId,
          user_id: user.id,
          file_name: name,
          content,
          shape,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('audience_uploads')
        .where('created_at', '<', new Date(now.getTime() - PENDING_MS).toISOString())
        .execute();
      await keepNewest(db, 'podcast_id', podcastId);
      await keepNewest(db, 'user_id', user.id);
      reply.status(201);
      const first =
        previews.find((p) => p.kind === 'daily' || p.kind === 'running_total') ??
        previews.find((p) => p.kind !== 'unusable') ??
        previews[0]!;
      return { data: { ...first, id: row.id, reports: zip ? previews : [] } };
    },
  );

  api.post(
    '/api/podcasts/:id/audience-uploads/:uploadId(^[^:/]+)::commit',
    {
      schema: {
        params: z.object({ id, uploadId: id }),
        body: commitUploadBody,
        response: { 200: commitUploadResource },
      },
      config: manage,
    },
    async (request) => {
      const podcastId = requirePodcast(request).podcast.id;
      const { uploadId } = request.params;
      const data = await commitUpload(db, {
        podcastId,
        uploadId,
        mapping: request.body.mapping,
        kind: request.body.kind,
        report: request.body.report,
        now: clock.now(),
      });
      return { data };
    },
  );
};
