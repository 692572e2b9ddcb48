// Changelog and roadmap are public (spec §1): readable without a session, unlike the other content.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { json } from '../helpers/agent.ts';

const t = await createTestApp({ seed: true });
type Items = {
  data: { id: number; title: string; content: string; release?: string; released_at?: string }[];
};

describe('GET /api/changelog and /api/roadmap', () => {
  it('answer a visitor without a session, newest release first and in roadmap order', async () => {
    const visitor = t.agent();
    const changelog = await visitor.get('/api/changelog');
    expect(changelog.statusCode).toBe(200);
    const entries = json<Items>(changelog).data;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ id: 2, title: 'Die Methodensammlung ist da', release: '0.1.0' });
    const dates = entries.map((e) => e.released_at!);
    expect(dates).toEqual([...dates].sort().reverse());

    const roadmap = await visitor.get('/api/roadmap');
    expect(roadmap.statusCode).toBe(200);
    expect(json<Items>(roadmap).data[0]).toMatchObject({
      id: 1,
      title: 'Podcasts anlegen und per RSS importieren',
    });
  });

  it('the other content still needs a verified session', async () => {
    const visitor = t.agent();
    for (const path of ['/api/keywords', '/api/categories', '/api/compilations', '/api/advices:random']) {
      expect((await visitor.get(path)).statusCode, path).toBe(401);
    }
  });
});
