// sharp (libvips, a native module) is loaded at the first image, not at start: most starts never
// see one (Entscheidung IMG-1).
import type sharpType from 'sharp';

let loaded: Promise<typeof sharpType> | undefined;

export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image and no operation cache: uploads are one-off, and every extra
    // thread keeps its own malloc arena that the process does not give back.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
