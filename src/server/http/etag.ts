// Conditional GETs for JSON that changes only when the content is re-seeded.

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A bounded map of rendered bodies; the oldest entry goes when it is full. */
export function bodyCache(size: number) {
  const bodies = new Map<string, string>();
  return {
    get: (key: string) => bodies.get(key),
    set(key: string, body: string) {
      if (bodies.size >= size) bodies.delete(bodies.keys().next().value!);
      bodies.set(key, body);
    },
  };
}
