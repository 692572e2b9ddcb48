// The error contract: every error answer is `{ message, errors }` — `errors` is `{}` when no field
// is at fault (401, 403, 404, 409, 419, 429, …), never missing. The fuzz test checks the same on
// every route (tests/server/fuzz/verdict.ts); this one walks each kind of error once, by name.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/shared/api.ts';
import { verifiedUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
const { agent } = await verifiedUser(t);

const strict = apiErrorSchema.strict();

function expectShape(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = strict.parse(response.json());
  expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
  return body;
}

describe('Fehlerantworten haben immer message und errors', () => {
  it('401, 403, 404, 419 und 400 ohne Feldfehler: errors ist {}', async () => {
    const guest = t.agent();
    await guest.csrf();
    expect(expectShape(await guest.get('/api/account'), 401).errors).toEqual({});
    expect(expectShape(await agent.get('/api/podcasts/2147483647'), 404).errors).toEqual({});
    expect(expectShape(await agent.get('/api/gibt-es-nicht'), 404).errors).toEqual({});
    expect(expectShape(await agent.get('/api/users/2147483647'), 404).errors).toEqual({});
    const noToken = await agent.request('POST', '/api/podcasts', { title: 'x' }, { 'x-xsrf-token': '' });
    expect(expectShape(noToken, 419).errors).toEqual({});
    const badJson = await agent.request('POST', '/api/podcasts', '{"title":', {
      'content-type': 'application/json',
    });
    expect(expectShape(badJson, 400).errors).toEqual({});
  });

  it('422 nennt die Felder', async () => {
    const body = expectShape(await agent.post('/api/account/session', { email: 'kein-email' }), 422);
    expect(Object.keys(body.errors).length).toBeGreaterThan(0);
  });

  it('429 der Drosselung hat errors {}', async () => {
    const guest = t.agent();
    await guest.csrf();
    let last;
    for (let i = 0; i < 8; i++) {
      last = await guest.post('/api/account/session', { email: 'x@example.org', password: 'falsch-falsch' });
      if (last.statusCode === 429) break;
    }
    expect(expectShape(last!, 429).errors).toEqual({});
  });

  it('die Antwort auf eine kaputte Anfragezeile hat errors {}', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nBad Header\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(strict.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)))).toEqual({
      message: 'Die Anfrage ist ungültig.',
      errors: {},
    });
  });
});
