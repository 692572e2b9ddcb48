import { describe, expect, it } from 'vitest';
import { accountPodcastsResponse } from '../../../src/shared/podcasts.ts';
import { userResponse } from '../../../src/shared/account.ts';
import { apiError } from '../../../src/client/api/errors.ts';
import { parse, parseEveryAnswer, parseLazily, ResponseShapeError } from '../../../src/client/api/parse.ts';

describe('parse', () => {
  it('returns the answer typed by the shared schema', () => {
    const body = { data: [{ id: 3, title: 'Abendbrot', own_podcast: true }] };
    expect(parse(accountPodcastsResponse)(body)).toEqual(body);
  });

  it('refuses a drifted answer with a German message for the banner', () => {
    // The client's old hand-written type: `name` instead of `own_podcast`.
    const drifted = { data: [{ id: 3, title: 'Abendbrot', name: null }] };
    let thrown: unknown;
    try {
      parse(accountPodcastsResponse)(drifted);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ResponseShapeError);
    expect((thrown as ResponseShapeError).issues.map((i) => i.path.join('.'))).toEqual([
      'data.0.own_podcast',
    ]);
    expect(apiError(thrown)).toEqual({
      message: 'Die Antwort des Servers hat ein unerwartetes Format. Bitte lade die Seite neu.',
      errors: {},
    });
  });

  it('takes the first screen’s answers as they come, then loads the schema and parses', async () => {
    let loads = 0;
    const parseUser = parseLazily(async () => {
      loads++;
      return userResponse;
    });
    // Before the first screen has settled: no schema, no zod.
    await expect(parseUser({ data: { id: 1 } })).resolves.toEqual({ data: { id: 1 } });
    expect(loads).toBe(0);
    parseEveryAnswer();
    await expect(parseUser({ data: { id: 1 } })).rejects.toBeInstanceOf(ResponseShapeError);
    expect(loads).toBe(1);
  });
});
