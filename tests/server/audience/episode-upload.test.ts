// An episode table uploaded as a podcaster does it fills 'Folgen im Vergleich': Podlove's real
// export against a feed holding seven of its eleven episodes (one retitled); the preview says how
// many match, the commit stores those and lists the other rows by line, GET …/audience-episodes
// shows the seven with the file's figures and the feed's episode without figures marked.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AudienceEpisodes } from '../../../src/shared/audience-episodes.ts';
import { uploadApp } from './upload-helpers.ts';

const podlove = readFileSync('/work/shared/fixtures/exports/podlove-episode-downloads.csv');

describe('an uploaded episode table, stored per episode', () => {
  it('matches the feed, lists the rest and shows the episodes at equal age', async () => {
    const { t, owner, podcastId, upload, commit } = await uploadApp();
    const titles = [10, 9, 7, 6, 5, 4].map((n) => `MyPodcast Episode ${n}`);
    await t.db
      .insertInto('episodes')
      .values([
        ...titles.map((title, i) => ({ podcast_id: podcastId, guid: `p${i}`, title, published_at: null })),
        // Retitled in the feed, found by its day (Episode 8, 16 June 2019).
        { podcast_id: podcastId, guid: 'p8', title: 'Acht', published_at: '2019-06-16T05:00:00.000Z' },
        { podcast_id: podcastId, guid: 'neu', title: 'Ganz neu', published_at: '2026-12-01T05:00:00.000Z' },
      ])
      .execute();
    const preview = await upload(owner, podlove, 'podlove.csv');
    expect(preview.statusCode, preview.body).toBe(201);
    const { id, kind, kind_message, mapping } = preview.json().data;
    expect(kind).toBe('episodes');
    expect(kind_message).toContain('7');
    const done = await commit(owner, id, mapping);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ inserted: 7, error_count: 4 });
    const answer = await owner.get(`/api/podcasts/${podcastId}/audience-episodes`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { episodes } = answer.json().data as AudienceEpisodes;
    expect(episodes.filter((e) => e.source === 'upload')).toHaveLength(7);
    expect(episodes.find((e) => e.guid === 'neu')).toMatchObject({ source: null, downloads_7: null });
    expect(episodes.find((e) => e.guid === 'p0')).toMatchObject({
      title: 'MyPodcast Episode 10',
      downloads_1: 139,
      downloads_7: 187,
      downloads_all: 238,
    });
    expect(episodes.find((e) => e.guid === 'p8')).toMatchObject({ downloads_all: 403 });
  });
});
