// The app's cookies: their names and options. Here, below the code that sets them (access/
// session.ts, auth/csrf.ts, auth/account-lock.ts), since http/ reads them too (the served page
// looks for a session, a replayed write for the CSRF cookie).
export const SESSION_COOKIE = 'kompass_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export function cookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
}
