// Whether the page is being left (a full load of the next screen, a reload): the browser cancels
// what is still loading then, and Firefox rejects a cancelled dynamic import with „error loading
// dynamically imported module", which is no failure of the app's (Entscheidung LIB-6).
let leaving = false;
addEventListener('pagehide', () => (leaving = true));
addEventListener('pageshow', () => (leaving = false));

/** A `catch` for work the page starts by itself: quiet while the page is being left, else rethrown. */
export function quietWhenLeaving(error: unknown): void {
  if (!leaving) throw error;
}
