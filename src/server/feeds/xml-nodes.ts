// Reading fast-xml-parser's nodes of a feed: entities decoded once, text and CDATA, attributes,
// one line of plain text, http(s) links. Shared by the feed's parse and its check.

const URL_MAX = 2048;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
};

const validCodePoint = (cp: number) => cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);

/** The entities of a text decoded once; unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,7});/g,
    (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return validCodePoint(cp) ? String.fromCodePoint(cp) : '\ufffd';
      }
      return NAMED[ref] ?? whole;
    },
  );
}

export type Node = unknown;
export const list = (node: Node): Node[] =>
  node === undefined || node === null ? [] : Array.isArray(node) ? node : [node];
export const first = (node: Node): Node => list(node)[0];
export const child = (node: Node, name: string): Node =>
  typeof first(node) === 'object' ? (first(node) as Record<string, Node>)[name] : undefined;

/** The text of an element: its text decoded, its CDATA as written. */
export function textOf(node: Node): string {
  const value = first(node);
  if (typeof value === 'string') return decodeEntities(value);
  if (!value || typeof value !== 'object') return '';
  const element = value as Record<string, Node>;
  const text = typeof element['#text'] === 'string' ? decodeEntities(element['#text']) : '';
  return (
    text +
    list(element['#cdata'])
      .filter((c) => typeof c === 'string')
      .join('')
  );
}

export function attrOf(node: Node, name: string): string {
  const value = child(node, `@_${name}`);
  return typeof value === 'string' ? decodeEntities(value) : '';
}

/** One line of plain text: no control characters, whitespace collapsed, at most `max` characters. */
export function clean(text: string, max: number): string {
  const line = text
    .replace(/[\u0000-\u001f\u007f]/g, ' ') // eslint-disable-line no-control-regex
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length > max ? chars.slice(0, max).join('').trim() : line;
}

/** An absolute http(s) URL, or null: nothing else becomes a link in the app. */
export function httpUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > URL_MAX || !/^https?:\/\/[^\s/]+/i.test(trimmed)) return null;
  try {
    return new URL(trimmed).protocol.startsWith('http') ? trimmed : null;
  } catch {
    return null;
  }
}
