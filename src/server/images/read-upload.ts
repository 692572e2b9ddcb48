// Reads the one file of an upload form (field `upload`) into memory. Every way a multipart body
// can be broken (no boundary, cut off before its closing boundary, wrong field, empty, too
// large) becomes a German 4xx here, where the stream reports it, instead of a 500.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { imageMessages } from '../../shared/images.ts';
import { HttpError, invalid } from '../http/errors.ts';

const uploadError = (status: number, message: string) =>
  new HttpError(status, message, { upload: [message] });

export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid({ upload: [imageMessages.missing] });
  let file: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file || file.fieldname !== 'upload') throw invalid({ upload: [imageMessages.missing] });
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(413, imageMessages.tooLarge);
    // busboy's plain errors ('Boundary not found', 'Unexpected end of form', …) and cut streams.
    throw uploadError(400, imageMessages.unreadable);
  }
  if (bytes.length === 0) throw invalid({ upload: [imageMessages.missing] });
  return bytes;
}
