// Text typed but not yet sent survives the reload of an app update: before reloading, every
// non-empty text field is saved to sessionStorage (this tab only); after the reload, each is
// filled back in as soon as the same page renders it again, unless the page filled it itself
// (a form showing saved data). Not compared with `defaultValue`: React keeps that attribute in
// step with controlled inputs, so it says nothing about what was typed.
const STORAGE_KEY = 'kompass.update-drafts';

type Saved = { path: string; fields: { key: string; value: string }[] };
type TextField = HTMLTextAreaElement | HTMLInputElement;

const TEXT_INPUTS = ['text', 'search', 'url', 'email', 'tel'].map((t) => `input[type="${t}"][name]`);
const SELECTOR = ['textarea[name]', ...TEXT_INPUTS].join(',');

/** Fields by a key that is stable across reloads: tag, name and position among namesakes. */
function keyedFields(): Map<string, TextField> {
  const fields = new Map<string, TextField>();
  const seen = new Map<string, number>();
  for (const field of document.querySelectorAll<TextField>(SELECTOR)) {
    const base = `${field.tagName.toLowerCase()}:${field.name}`;
    const index = seen.get(base) ?? 0;
    seen.set(base, index + 1);
    fields.set(`${base}:${index}`, field);
  }
  return fields;
}

/** Saves the typed-but-unsent text of the page; false when there was none. */
export function saveDrafts(): boolean {
  const fields = [...keyedFields()]
    .filter(([, f]) => !f.disabled && f.value.trim() !== '')
    .map(([key, f]) => ({ key, value: f.value }));
  try {
    if (fields.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else
      sessionStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ path: location.pathname, fields } satisfies Saved),
      );
  } catch {
    return false; // storage unavailable (private mode quota): nothing we can keep
  }
  return fields.length > 0;
}

/** Sets a value as typing would, so controlled inputs (React's onChange) see it too. */
function fill(field: TextField, value: string) {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * At app start: fills saved drafts back in once their fields appear (the screen renders after its
 * data has loaded). Gives up, dropping them, when the user moves to another page first.
 */
export function restoreDrafts() {
  let saved: Saved | null;
  try {
    saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname) return;
  const open = new Map(saved.fields.map((f) => [f.key, f.value]));
  const path = saved.path;
  const tryFill = () => {
    if (location.pathname !== path) open.clear();
    for (const [key, field] of keyedFields()) {
      const value = open.get(key);
      if (value === undefined) continue;
      if (field.value === '') fill(field, value);
      open.delete(key);
    }
    if (open.size === 0) observer.disconnect();
  };
  const observer = new MutationObserver(tryFill);
  observer.observe(document.body, { childList: true, subtree: true });
  tryFill();
}
