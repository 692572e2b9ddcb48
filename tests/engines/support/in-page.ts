// Runs inside the page, in every engine alike (bundled by esbuild in page-script.ts and installed as
// `window.__journey`): finds elements by role and accessible name as assistive technology names
// them (dom-accessibility-api, the library Testing Library uses), reads the visible text, and
// collects the errors of the app's own code (console.error, error, unhandledrejection) where the
// driver has no log of its own.
import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';

/** A name to match: a string matches the whole (trimmed, spaces collapsed) name, a pattern a part. */
export type Name = string | { source: string; flags: string };

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function matches(name: string, wanted: Name) {
  const actual = normalize(name);
  return typeof wanted === 'string'
    ? actual === wanted
    : new RegExp(wanted.source, wanted.flags).test(actual);
}

function visible(element: Element) {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The visible elements of `role` named `name`, inside the first element of `within`'s role and name. */
function byRole(role: string, name: Name, within?: { role: string; name: Name }): Element[] {
  const scope = within ? byRole(within.role, within.name)[0] : document.body;
  if (!scope) return [];
  return [...scope.querySelectorAll('*')].filter(
    (element) =>
      getRole(element) === role &&
      !isInaccessible(element) &&
      visible(element) &&
      matches(computeAccessibleName(element), name),
  );
}

/** The form control labelled `label`. */
function field(label: Name): Element | undefined {
  return [...document.querySelectorAll('input, textarea, select')].find(
    (element) => visible(element) && matches(computeAccessibleName(element), label),
  );
}

const errors: string[] = [];

function describe(value: unknown) {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function hook() {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    errors.push(args.map(describe).join(' '));
    original(...args);
  };
  addEventListener('error', (event) => errors.push(`${event.message} (${event.filename}:${event.lineno})`));
  addEventListener('unhandledrejection', (event) => errors.push(`unhandled: ${describe(event.reason)}`));
}

hook();

export const journey = {
  byRole,
  field,
  errors,
  text: () => normalize(document.body?.innerText ?? ''),
};
