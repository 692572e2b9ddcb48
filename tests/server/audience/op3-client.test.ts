// The OP3 client and reader against the local fake that speaks OP3's protocol (real HTTP on
// loopback): finding the show, paging through single downloads with continuation tokens into
// daily counts, and each refusal as its own kind.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { op3Client } from '../../../src/server/audience/op3-client.ts';
import { feedUrlId, op3Reader, podcastGuidOf, resolveShow } from '../../../src/server/audience/op3-source.ts';
import type { AudienceBatch } from '../../../src/server/audience/source.ts';
import { FAKE_OP3_TOKEN, startFakeOp3 } from '../../support/fake-op3.ts';
import { downloadsOn } from '../../support/fake-op3-data.ts';

const fake = await startFakeOp3({ pageSize: 40 });
afterAll(() => fake.close());
const config = { ...loadConfig({}).op3, apiUrl: fake.url, allowedHosts: [fake.host], onlyAllowedHosts: true };
const client = (token = FAKE_OP3_TOKEN) => op3Client(config, token);

const SHOW = 'a'.repeat(32);
const FEED = 'https://feeds.example.org/zeitreise.xml';
// Three days with downloads around a day without (0 once the show has started), bots mixed in.
const counts: Record<string, number> = { '2026-11-01': 55, '2026-11-02': 3, '2026-11-04': 70 };
fake.addShow({
  showUuid: SHOW,
  title: 'Zeitreise',
  feedUrl: FEED,
  episodes: [
    {
      id: 'x',
      itemGuid: 'folge-1',
      title: 'Folge 1',
      pubdate: '2026-11-01T06:00:00.000Z',
      downloads1: 40,
      downloads3: 58,
      downloads7: null,
      downloads30: null,
      downloadsAll: 128,
    },
  ],
  downloads: Object.entries(counts).flatMap(([day, n]) => downloadsOn(day, n, 'x', 4)),
});
const GUID_SHOW = 'b'.repeat(32);
fake.addShow({
  showUuid: GUID_SHOW,
  title: 'Nur per GUID',
  podcastGuid: podcastGuidOf('https://guid.example.org/feed/'),
  episodes: [],
  downloads: [],
});

async function readAll(batches: AsyncIterable<AudienceBatch>) {
  const all: AudienceBatch[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('finding the show', () => {
  it('derives the podcast:guid as the Podcast Namespace does', () => {
    // The namespace's own example: https://podnews.net/rss.
    expect(podcastGuidOf('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(podcastGuidOf('http://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('asks by base64url(feed URL), then by the podcast:guid of the feed URL', async () => {
    expect(await resolveShow(client(), FEED)).toMatchObject({ showUuid: SHOW, title: 'Zeitreise' });
    expect(fake.requests.at(-1)).toMatchObject({ path: `/shows/${feedUrlId(FEED)}`, token: FAKE_OP3_TOKEN });
    expect(await resolveShow(client(), 'https://guid.example.org/feed/')).toMatchObject({
      showUuid: GUID_SHOW,
    });
    expect(fake.requests.at(-1)!.path).toBe(`/shows/${podcastGuidOf('https://guid.example.org/feed/')}`);
  });

  it('tells an unknown show, a wrong token and an unreachable service apart', async () => {
    await expect(resolveShow(client(), 'https://unbekannt.example.org/feed.xml')).rejects.toMatchObject({
      kind: 'show',
      message: expect.stringContaining('OP3 kennt deinen Podcast noch nicht'),
    });
    await expect(resolveShow(client('falsches-token-9999'), FEED)).rejects.toMatchObject({
      kind: 'token',
      message: expect.stringContaining('OP3 kennt dieses Token nicht'),
    });
    fake.fail('500');
    await expect(resolveShow(client(), FEED)).rejects.toMatchObject({ kind: 'unreachable' });
    fake.fail('close');
    await expect(resolveShow(client(), FEED)).rejects.toMatchObject({ kind: 'unreachable' });
    fake.fail('429');
    await expect(resolveShow(client(), FEED)).rejects.toMatchObject({ kind: 'rate' });
    const closed = op3Client(
      { ...config, apiUrl: 'http://127.0.0.1:9/api/1', allowedHosts: ['127.0.0.1:9'] },
      FAKE_OP3_TOKEN,
    );
    await expect(closed.show(SHOW)).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('refuses an address the allow-list does not name, without a request', async () => {
    const before = fake.requests.length;
    const other = op3Client({ ...config, allowedHosts: ['127.0.0.1:1'] }, FAKE_OP3_TOKEN);
    await expect(other.show(SHOW)).rejects.toMatchObject({ kind: 'unreachable' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('reading the downloads', () => {
  const range = { from: '2026-10-30', to: '2026-11-05' };

  it('counts single downloads per UTC day across pages, bots left out, days complete only', async () => {
    const before = fake.requests.length;
    const batches = await readAll(op3Reader(client(), SHOW, { started: false }).read(range, null));
    const pages = fake.requests.slice(before).filter((r) => r.path.startsWith('/downloads/'));
    // 128 downloads and 12 bots at 40 rows a page: 4 pages, each after the first with the token before.
    expect(pages).toHaveLength(4);
    expect(pages[0]!.query).toMatchObject({
      start: '2026-10-30',
      end: '2026-11-06',
      format: 'json',
      limit: '20000',
      bots: 'exclude',
    });
    expect(pages[0]!.query.continuationToken).toBeUndefined();
    expect(pages.slice(1).every((p) => p.query.continuationToken)).toBe(true);
    const days = batches.flatMap((b) => b.days);
    // Before the first download nothing (OP3 had not counted yet), then every day, 0 included.
    expect(days).toEqual([
      { day: '2026-11-01', downloads: 55 },
      { day: '2026-11-02', downloads: 3 },
      { day: '2026-11-03', downloads: 0 },
      { day: '2026-11-04', downloads: 70 },
      { day: '2026-11-05', downloads: 0 },
    ]);
    expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
    expect(batches.slice(0, -1).every((b) => b.cursor !== null)).toBe(true);
    expect(batches.at(-1)).toMatchObject({
      cursor: null,
      episodes: [
        {
          item_guid: 'folge-1',
          title: 'Folge 1',
          published_on: '2026-11-01',
          downloads_1: 40,
          downloads_3: 58,
          downloads_7: null,
          downloads_30: null,
          downloads_all: 128,
        },
      ],
    });
  });

  it('resumes from a batch’s cursor with OP3’s token and ends with the same days', async () => {
    const reader = op3Reader(client(), SHOW, { started: false });
    const first = await readAll(reader.read(range, null));
    const iterator = reader.read(range, null)[Symbol.asyncIterator]();
    const one = (await iterator.next()).value as AudienceBatch;
    await iterator.return?.();
    const before = fake.requests.length;
    const rest = await readAll(reader.read(range, one.cursor));
    expect(fake.requests[before]!.query.continuationToken).toBe(JSON.parse(one.cursor!).token);
    expect([...one.days, ...rest.flatMap((b) => b.days)]).toEqual(first.flatMap((b) => b.days));
  });

  it('gives 0 from the range’s first day when the source has started, and only episodes for an empty range', async () => {
    const days = (
      await readAll(
        op3Reader(client(), SHOW, { started: true }).read({ from: '2026-10-31', to: '2026-11-01' }, null),
      )
    ).flatMap((b) => b.days);
    expect(days).toEqual([
      { day: '2026-10-31', downloads: 0 },
      { day: '2026-11-01', downloads: 55 },
    ]);
    const before = fake.requests.length;
    const empty = await readAll(
      op3Reader(client(), SHOW, { started: true }).read({ from: '2026-11-06', to: '2026-11-05' }, null),
    );
    expect(empty).toHaveLength(1);
    expect(empty[0]!.days).toEqual([]);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/queries/episode-download-counts']);
  });
});
