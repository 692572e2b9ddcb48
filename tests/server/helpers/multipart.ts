// Hand-built multipart bodies, so tests can also send broken ones.
export const BOUNDARY = '----kompass-test';

export function filePart(field: string, filename: string, type: string, bytes: Buffer, boundary = BOUNDARY) {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from('\r\n')]);
}

/** A well-formed form with one file. */
export function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  return {
    body: Buffer.concat([filePart(field, filename, type, bytes), Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
