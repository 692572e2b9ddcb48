// 'Datenquellen': an uploaded file's card says what fits a file (imported, when the last file
// came), not OP3's words „Verbunden“ and „Zuletzt abgerufen“, which stay on OP3's card.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sourcesQueryOptions } from '../../../../src/client/features/audience/api/audience.ts';
import { SourcesSection } from '../../../../src/client/features/audience/components/sources-section.tsx';
import type { AudienceSource } from '../../../../src/shared/audience.ts';
import type { Podcast } from '../../../../src/shared/podcasts.ts';

const source = (type: AudienceSource['type']): AudienceSource => ({
  id: type === 'op3' ? 1 : 2,
  type,
  token_hint: type === 'op3' ? '1a2b' : null,
  show_title: null,
  status: 'ok',
  message: null,
  last_fetched_at: '2026-12-06T21:46:00.000Z',
  first_day: '2026-09-01',
  last_day: '2026-12-05',
});

/** The section as an observer sees it (no forms), with the sources already in the cache. */
function card(sources: AudienceSource[]) {
  const client = new QueryClient();
  client.setQueryData(sourcesQueryOptions(7).queryKey, sources);
  const podcast = { id: 7, role: { key: 'observer' } } as unknown as Podcast;
  const html = renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(SourcesSection, { podcast, offline: false }),
    ),
  );
  return html;
}

describe('Datenquellen', () => {
  it("an uploaded file's card: imported, last uploaded; never „Verbunden“ or „Zuletzt abgerufen“", () => {
    const html = card([source('upload')]);
    expect(html).toContain('Datei-Upload');
    expect(html).toContain('Importiert');
    expect(html).toContain('Zuletzt hochgeladen');
    expect(html).not.toContain('Verbunden');
    expect(html).not.toContain('Zuletzt abgerufen');
  });

  it("OP3's card keeps its words", () => {
    const html = card([source('op3')]);
    expect(html).toContain('Verbunden');
    expect(html).toContain('Zuletzt abgerufen');
  });
});
