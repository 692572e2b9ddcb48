// An OP3 token, once pasted, is never sent to a client again and never written to the log: after
// connecting (and failing to connect with another token), every GET route of the API, asked by
// the owner and by an observer, and the audience routes' writes answer without it, and the app's
// whole log (level trace) holds it nowhere.
import { describe, expect, it } from 'vitest';
import { verifiedUser } from '../helpers/accounts.ts';
import type { Agent } from '../helpers/agent.ts';
import { addMember } from '../podcasts/podcast-helpers.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { addShow, op3App, podcastWithFeed, sourcesOf } from './op3-helpers.ts';

const lines: string[] = [];
const { t, fake } = await op3App({ logger: { write: (line) => void lines.push(line) } });
const WRONG = 'ein-anderes-geheimes-token-7777';

/** A concrete path for a route pattern: `:id` the podcast, `:sourceId` the source, others 1. */
const pathOf = (url: string, podcastId: number, sourceId: number) =>
  url
    .replace(/\([^)]*\)/g, '')
    .replace(/::/g, ':')
    .replace(/\/:id\b/g, `/${podcastId}`)
    .replace(/\/:sourceId\b/g, `/${sourceId}`)
    .replace(/\/:[a-zA-Z]+/g, '/1');

describe('the OP3 token', () => {
  it('appears in no answer of any route and in no log line', async () => {
    addShow(t, fake, '9'.repeat(32), 'https://feeds.example.org/geheim.xml');
    const { owner, podcast } = await podcastWithFeed(t, 'https://feeds.example.org/geheim.xml');
    const observer = await verifiedUser(t);
    await addMember(t, podcast.id, observer.id, 'observer');
    const answers: string[] = [];
    const keep = async (response: Promise<{ body: string }>) => answers.push((await response).body);
    const base = `/api/podcasts/${podcast.id}/audience-sources`;

    // A wrong token first (refused), an outage (503), then the right one, twice.
    await keep(owner.agent.post(base, { type: 'op3', token: WRONG }));
    fake.fail('close');
    await keep(owner.agent.post(base, { type: 'op3', token: FAKE_OP3_TOKEN }));
    await keep(owner.agent.post(base, { type: 'op3', token: FAKE_OP3_TOKEN }));
    await t.jobs.audience.idle();
    const [source] = await sourcesOf(owner.agent, podcast.id);
    expect(source).toMatchObject({ status: 'ok', token_hint: '1a2b' });
    await keep(owner.agent.post(`${base}/${source!.id}:refresh`));
    await keep(owner.agent.post(base, { type: 'op3', token: FAKE_OP3_TOKEN }));

    const gets = t.routes
      .filter((r) => r.url.startsWith('/api/') && [r.method].flat().includes('GET'))
      .map((r) => pathOf(r.url, podcast.id, source!.id));
    expect(gets).toContain(base);
    for (const agent of [owner.agent, observer.agent] as Agent[]) {
      for (const path of gets) await keep(agent.get(path));
    }
    expect(answers.join('\n')).toContain('1a2b');
    for (const secret of [FAKE_OP3_TOKEN, WRONG]) {
      expect(answers.filter((a) => a.includes(secret))).toEqual([]);
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    }
    // The log was written to (a line per fetch), so an empty log does not pass by accident.
    expect(lines.filter((l) => l.includes('audience source fetched')).length).toBeGreaterThanOrEqual(2);
  });
});
