// Security headers, computed once at start-up. @fastify/helmet rebuilt them and re-parsed the
// CSP on every request, which halved the throughput of small API responses. The values are
// helmet's defaults with our CSP; the CSP goes only on documents and scripts (a worker takes its
// policy from its script's response), where a browser applies it, and the API gets only the
// headers that act on a fetched answer (send-hook.ts sets them).

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
];

export function contentSecurityPolicy(secure: boolean) {
  const directives = [...CSP_DIRECTIVES, ...(secure ? ['upgrade-insecure-requests'] : [])];
  return [...directives, "worker-src 'self'", "connect-src 'self'"].join(';');
}

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/**
 * The headers of pages, scripts and files; HSTS only when the app is served over https. API
 * answers get `apiHeaders`: the headers that guard a document (framing, opener, referrer,
 * prefetching, the old IE and XSS switches) do nothing for JSON fetched by a script, and every
 * header costs a small answer measurable throughput.
 */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(secure && HSTS),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** What an API answer needs: no sniffing into a script or style, no embedding by other sites. */
export function apiHeaders(secure: boolean): Record<string, string> {
  return {
    'cross-origin-resource-policy': 'same-origin',
    ...(secure && HSTS),
    'x-content-type-options': 'nosniff',
  };
}
