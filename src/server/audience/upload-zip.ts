// Apple Podcasts Connect delivers its reports zipped, as tab-delimited `.txt`. A `.zip` upload is
// opened with fflate's streaming Unzip (a dependency already, for the data export) within bounds
// (Entscheidung AUD-22):
// - at most ZIP_MAX_ENTRIES entries (folders included) and ZIP_MAX_UNPACKED bytes unpacked over
//   all of them, counted while inflating: the zip is fed in 1 KB pieces, so one piece unpacks to
//   at most ~1 MB (deflate's ratio is at most 1:1032) before the count stops it (50 MB of zeros
//   packed into 52 KB: refused after ~0.5 s);
// - the reports (`.txt`, `.tsv`, `.csv`; not macOS's `__MACOSX/` and `._` copies) are kept as
//   text, at most UPLOAD_MAX_BYTES together: what a pending upload keeps is bounded as for one
//   file;
// - a name is only shown, never used as a path: its last part, cut to 100 characters.
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { UPLOAD_MAX_BYTES } from '../../shared/audience.ts';
import { UploadRefused } from './upload-parser.ts';

export const ZIP_MAX_ENTRIES = 20;
export const ZIP_MAX_UNPACKED = 50 * 1024 * 1024;
const PIECE = 1024;
const NAME_CHARS = 100;
const REPORT = /\.(txt|tsv|csv)$/i;

export const zipMessages = {
  entries: `Diese Zip-Datei enthält mehr als ${ZIP_MAX_ENTRIES} Dateien. Lade die Berichte einzeln oder in einer kleineren Zip-Datei hoch.`,
  unpacked: 'Diese Zip-Datei ist entpackt größer als 50 MB. So groß ist kein Bericht mit Hörerzahlen.',
  reports: 'Die Berichte in dieser Zip-Datei sind zusammen größer als 5 MB. Lade sie einzeln hoch.',
  broken: 'Diese Zip-Datei können wir nicht entpacken (beschädigt, verschlüsselt oder anders gepackt).',
  none: 'In dieser Zip-Datei steht kein Bericht als Text (.txt, .tsv oder .csv).',
};

/** A zip by its first bytes (a local file header, or the end record of an empty zip). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));

/** The last part of an entry's name, as shown; never a path. */
export function reportName(entry: string) {
  const last = entry.split(/[/\\]/).filter(Boolean).at(-1) ?? 'Bericht';
  return last.length > NAME_CHARS ? `${last.slice(0, NAME_CHARS - 1)}…` : last;
}

const isReport = (name: string) =>
  REPORT.test(name) && !/(^|[/\\])__MACOSX[/\\]/.test(name) && !reportName(name).startsWith('._');

/** The zip's reports with their bytes, in the zip's order; UploadRefused beyond the bounds. */
export function readZip(bytes: Uint8Array): { name: string; bytes: Buffer }[] {
  const reports: { name: string; chunks: Uint8Array[] }[] = [];
  let entries = 0;
  let unpacked = 0;
  let kept = 0;
  let refused: UploadRefused | null = null;
  const stop = (message: string, file?: UnzipFile) => {
    refused ??= new UploadRefused(message);
    file?.terminate();
  };
  const unzip = new Unzip((file) => {
    if (++entries > ZIP_MAX_ENTRIES) return stop(zipMessages.entries);
    if (file.name.endsWith('/')) return;
    const report = isReport(file.name) ? { name: reportName(file.name), chunks: [] as Uint8Array[] } : null;
    if (report) reports.push(report);
    file.ondata = (error, data) => {
      if (refused) return;
      if (error) return stop(zipMessages.broken, file);
      unpacked += data.length;
      if (unpacked > ZIP_MAX_UNPACKED) return stop(zipMessages.unpacked, file);
      if (!report) return;
      kept += data.length;
      if (kept > UPLOAD_MAX_BYTES) return stop(zipMessages.reports, file);
      report.chunks.push(data);
    };
    try {
      file.start();
    } catch {
      stop(zipMessages.broken);
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !refused; at += PIECE)
      unzip.push(bytes.subarray(at, at + PIECE), at + PIECE >= bytes.length);
  } catch {
    stop(zipMessages.broken);
  }
  if (refused) throw refused;
  if (reports.length === 0) throw new UploadRefused(entries === 0 ? zipMessages.broken : zipMessages.none);
  const seen = new Map<string, number>();
  return reports.map(({ name, chunks }) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return { name: count === 1 ? name : `${name} (${count})`, bytes: Buffer.concat(chunks) };
  });
}
