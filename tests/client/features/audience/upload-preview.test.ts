// The upload's preview says what kind of table the file is before anything is stored, offers the
// kind to correct, says which column becomes 'Downloads' (and what it is), notes what a column
// means, and lists a zip's reports each with its kind.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UploadPreview } from '../../../../src/client/features/audience/components/upload-preview.tsx';
import type { UploadReport } from '../../../../src/shared/audience.ts';

const idle = { isError: false, isPending: false, isSuccess: false, data: undefined, reset() {} };
const commit = idle as unknown as Parameters<typeof UploadPreview>[0]['commit'];
const render = (preview: UploadReport & { id: number; reports: UploadReport[] }) =>
  renderToStaticMarkup(createElement(UploadPreview, { preview, commit, onImport: () => {} }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const performance: UploadReport = {
  name: 'performance.csv',
  kind: 'daily',
  kind_message:
    'Zahlen je Tag: 583 Tage vom 02.02.2025 bis 07.09.2026. Wir speichern jede Zahl an ihrem Tag.',
  columns: [
    { name: 'Date', kind: 'date', samples: ['2/2/2025'] },
    {
      name: 'Plays & downloads',
      kind: 'number',
      samples: ['7'],
      note: 'Summe aus „Plays (on Spotify)“ und „Downloads (everywhere else)“',
    },
    { name: 'Plays (on Spotify)', kind: 'number', samples: ['7'] },
    { name: 'Downloads (everywhere else)', kind: 'number', samples: ['1'] },
  ],
  rows: 583,
  mapping: { date: 'Date', downloads: 'Plays & downloads', plays: 'Plays (on Spotify)' },
};

describe('the upload preview', () => {
  it('says the kind in German, offers it to correct and says which column becomes Downloads', () => {
    const html = render({ ...performance, id: 1, reports: [] });
    expect(text(html)).toContain(`Erkannt: Zahlen je Tag ${performance.kind_message}`);
    expect(html).toMatch(/<select[^>]*name="kind"/);
    for (const label of ['Zahlen je Tag', 'Tabelle je Folge', 'Laufende Summe', 'Zahlen je Woche'])
      expect(html).toContain(`>${label}</option>`);
    expect(html).not.toContain('>Nicht verwendbar</option>');
    expect(text(html)).toContain(
      'Als Downloads zählt „Plays &amp; downloads“ (Summe aus „Plays (on Spotify)“ und „Downloads (everywhere else)“).',
    );
  });

  it("lists a zip's reports with their kinds; a report that cannot be used cannot be chosen", () => {
    const followers: UploadReport = {
      name: 'Followers.txt',
      kind: 'unusable',
      kind_message: 'Nicht verwendbar: „Net Followers“ zählt die Änderung der Follower je Tag …',
      columns: [],
      rows: 0,
      mapping: {},
    };
    const show = { ...performance, name: 'Show.txt' };
    const html = render({ ...show, id: 2, reports: [followers, show] });
    expect(text(html)).toContain('Die Zip-Datei enthält 2 Berichte.');
    expect(text(html)).toContain(`Followers.txt · Nicht verwendbar ${followers.kind_message}`);
    expect(text(html)).toContain('Show.txt · Zahlen je Tag');
    expect(html).toMatch(/<input type="radio" disabled=""[^>]*value="Followers.txt"/);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="Show.txt"/);
  });
});
