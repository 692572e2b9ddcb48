// The answers the server embedded in the page it served (src/server/http/boot-data.ts: session,
// podcasts, context for a signed-in user's /app/* page, and the first requests of the app screens
// the server knows). The HTTP client (client.ts) answers a GET
// of one of them from here, once, instead of asking the server again: the guards pass and the
// screen's own requests start as soon as its code has loaded (one round trip after the
// shell). Only at the start: once the first screen has settled (rendered, its requests answered),
// what is left is dropped, and every later call goes to the server.
let answers: Map<string, unknown> | undefined;

function embedded(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById('boot');
  if (element?.textContent) {
    try {
      for (const [path, body] of Object.entries(JSON.parse(element.textContent) as object))
        answers.set(path, body);
    } catch {
      // Unreadable: the calls go to the server as without it.
    }
  }
  element?.remove();
  return answers;
}

/**
 * The embedded answer to a GET of `path` (with its query string), taken once; undefined when the
 * page holds none.
 */
export function takeBootAnswer(path: string): { body: unknown } | undefined {
  const found = embedded();
  if (!found.has(path)) return undefined;
  const body = found.get(path);
  found.delete(path);
  return { body };
}

/** After the first screen: what was not used is too old to be taken for an answer. */
export function dropBootAnswers() {
  embedded().clear();
}
