// Maps an emoji to the file name @twemoji/svg uses for it, so server and client agree on /twemoji/{code}.svg.

const ZWJ = '\u200d';
const VS16 = /\ufe0f/g;

/**
 * Sequences whose Twemoji file drops the variation selectors although they contain a ZWJ
 * (Twemoji names them after their minimally qualified form).
 */
const exceptions: Record<string, string> = {
  '1f441-fe0f-200d-1f5e8-fe0f': '1f441-200d-1f5e8', // eye in speech bubble
};

/**
 * Twemoji file name without `.svg`: the lowercase hex code points joined by `-`.
 * Like Twemoji itself, the variation selector U+FE0F is dropped unless the emoji is a ZWJ
 * sequence, where the files keep it (e.g. `❤️` → `2764`, `❤️‍🔥` → `2764-fe0f-200d-1f525`).
 */
export function twemojiCode(emoji: string): string {
  const text = emoji.trim();
  const kept = text.includes(ZWJ) ? text : text.replace(VS16, '');
  const code = Array.from(kept, (char) => char.codePointAt(0)!.toString(16)).join('-');
  return exceptions[code] ?? code;
}

/** URL of the Twemoji SVG the client serves for an emoji. */
export function twemojiUrl(emoji: string): string {
  return `/twemoji/${twemojiCode(emoji)}.svg`;
}
