// 'Folgen im Vergleich' sorts by any column; an episode without a figure in that column comes last
// in either direction, so the comparable ones stay together at the top. Rendered: the newest first,
// the sorted column named by aria-sort, an episode no source counts marked, the unmatched named.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { audienceEpisodesQueryOptions } from '../../../../src/client/features/audience/api/get-audience-episodes.ts';
import {
  EpisodeAgesSection,
  sortEpisodes,
} from '../../../../src/client/features/audience/components/episode-ages.tsx';
import type { AudienceEpisode } from '../../../../src/shared/audience-episodes.ts';

const episode = (guid: string, published_on: string, downloads_7: number | null): AudienceEpisode => ({
  guid,
  title: `Folge ${guid}`,
  published_on,
  source: downloads_7 === null ? null : 'upload',
  downloads_1: null,
  downloads_7,
  downloads_30: null,
  downloads_all: null,
  ages: {},
});

describe('sortEpisodes', () => {
  const list = [
    episode('a', '2026-10-01', 120),
    episode('b', '2026-11-01', null),
    episode('c', '2026-09-01', 300),
  ];
  it('sorts by a figure both ways, episodes without one last', () => {
    expect(sortEpisodes(list, 'downloads_7', true).map((e) => e.guid)).toEqual(['c', 'a', 'b']);
    expect(sortEpisodes(list, 'downloads_7', false).map((e) => e.guid)).toEqual(['a', 'c', 'b']);
  });
  it('sorts by day and title', () => {
    expect(sortEpisodes(list, 'published_on', true).map((e) => e.guid)).toEqual(['b', 'a', 'c']);
    expect(sortEpisodes(list, 'title', false).map((e) => e.guid)).toEqual(['a', 'b', 'c']);
  });
});

describe('Folgen im Vergleich', () => {
  const render = (episodes: AudienceEpisode[]) => {
    const client = new QueryClient();
    client.setQueryData(audienceEpisodesQueryOptions(7).queryKey, {
      episodes,
      unmatched: [{ title: 'Bonusfolge', published_on: null, source: 'upload' as const }],
    });
    return renderToStaticMarkup(
      createElement(QueryClientProvider, { client }, createElement(EpisodeAgesSection, { podcastId: 7 })),
    );
  };

  it('shows the episodes newest first, marks the one without figures and names the unmatched', () => {
    const html = render([episode('a', '2026-10-01', 120), episode('b', '2026-11-01', null)]);
    expect(html).toContain('Folgen im Vergleich');
    expect(html.indexOf('>Folge b<')).toBeLessThan(html.indexOf('>Folge a<'));
    expect(html.indexOf('>Folge b<')).toBeGreaterThan(0);
    expect(html).toContain('>keine Zahlen<');
    expect(html).toContain('Eine Folge aus dem Feed hat keine Zahlen.');
    expect(html).toMatch(/aria-sort="descending"[^>]*><button[^>]*>Erschienen/);
    expect(html).toContain('Bonusfolge');
  });

  it('stays away while no episode has a figure', () => {
    expect(render([episode('b', '2026-11-01', null)])).toBe('');
  });
});
