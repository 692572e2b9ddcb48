// The fake Steady's answers (fake-steady.ts): a request's body, JSON, and a small HTML page.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function json(res: ServerResponse, status: number, value: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(value));
}

export function page(res: ServerResponse, status: number, title: string, content: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${content}</main></body></html>`);
}
