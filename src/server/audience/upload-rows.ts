// An export's rows, split by papaparse with a bound on every row (Entscheidung AUD-14).
//
// papaparse splits a whole row before it hands it on: a 5 MB header line of 1.3 million cells
// was split four times (once per separator tried) and once more, 660 MB and 8.6 s. So papaparse
// is handed the text in chunks of 64 KB; the row still open at a chunk's end is handed again with
// the next one (as papaparse's own streaming does), and a row that runs on past MAX_ROW_CHARS
// (its quoted line breaks included) ends the reading at its start, before papaparse splits it
// whole. Rows and their cells are as a whole-text Papa.parse gives them.
import Papa from 'papaparse';
import { UPLOAD_MAX_ROW_CHARS as MAX_ROW_CHARS } from '../../shared/audience-vocabulary.ts';

const CHUNK = 65_536;

// papaparse's own guess of the line break (the first MB outside quotes), as Papa.parse makes it:
// ParserHandle is exported by papaparse but not typed.
const { ParserHandle } = Papa as unknown as {
  ParserHandle: new (config: object) => { guessLineEndings(input: string, quoteChar: string): LineBreak };
};
export type LineBreak = '\n' | '\r' | '\r\n';

export function lineBreakOf(text: string) {
  return new ParserHandle({}).guessLineEndings(text, '"');
}

/**
 * How the reading ended: 'end' (the text, or `onRow` said stop) or 'long' with the offset where
 * the too long row starts; `read` is how far into the text papaparse was handed it.
 */
export type RowsRead = { stop: 'end' | 'long'; at: number; read: number };

/**
 * Each row of `text` with the offsets where it starts and ends, until `onRow` answers false.
 */
export function eachRow(
  text: string,
  delimiter: string,
  newline: LineBreak,
  onRow: (cells: string[], start: number, end: number) => boolean,
): RowsRead {
  let start = 0;
  let long = false;
  let stopped = false;
  const parser = new Papa.Parser({
    delimiter,
    newline,
    // The bare Parser hands its step `{ data: [row], meta: { cursor } }`, the cursor after the row.
    step: (results: { data: unknown; meta: { cursor: number } }) => {
      const end = results.meta.cursor;
      if (end - start > MAX_ROW_CHARS) long = true;
      else if (onRow((results.data as string[][])[0] ?? [], start, end)) start = end;
      else stopped = true;
      if (long || stopped) parser.abort();
    },
  });
  let read = 0;
  while (read < text.length && !long && !stopped) {
    read = Math.min(read + CHUNK, text.length);
    // From the open row's start: offsets stay the text's, the open row is split again whole.
    parser.parse(text.slice(start, read), start, read < text.length);
    if (!stopped && read - start > MAX_ROW_CHARS) long = true;
  }
  return { stop: long ? 'long' : 'end', at: start, read };
}
