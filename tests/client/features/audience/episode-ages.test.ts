// 'Folgen im Vergleich' sorts by any column; an episode without a figure in that column comes last
// in either direction, so the comparable ones stay together at the top.
import { describe, expect, it } from 'vitest';
import { sortEpisodes } from '../../../../src/client/features/audience/components/episode-ages.tsx';
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
