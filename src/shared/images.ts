// Limits of the profile picture upload, shared by the server (multipart limit, checks) and the
// picture form, so both refuse the same files with the same words.

/** Largest accepted upload. Phone photos (12–24 MP JPEG) stay below it. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * Largest accepted dimensions: each side at most 8000 px and at most 40 megapixels in all. The
 * side limit refuses strips such as 100000 × 400 px, which compress to a few KB but would
 * decode to 40 MP. A 48 MP photo has to be made smaller first.
 */
export const IMAGE_MAX_SIDE = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** File types the server decodes (AVIF included); the file input offers the same. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

export const imageMessages = {
  missing: 'Bitte wähle ein Bild aus.',
  tooLarge: `Das Bild darf höchstens ${IMAGE_MAX_MB} MB groß sein.`,
  tooManyPixels: `Das Bild hat zu viele Pixel: Breite und Höhe höchstens je ${IMAGE_MAX_SIDE} Pixel, insgesamt höchstens ${IMAGE_MAX_PIXELS / 1_000_000} Megapixel.`,
  notAnImage: 'Die Datei ist kein Bild. Erlaubt sind JPEG, PNG, WebP, GIF und AVIF.',
  unreadable: 'Die Datei konnte nicht gelesen werden. Bitte lade sie erneut hoch.',
  busy: 'Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es gleich noch einmal.',
} as const;
