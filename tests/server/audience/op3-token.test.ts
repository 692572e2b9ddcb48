// A token that cannot travel in an `Authorization` header (a line break, NUL,
// ESC, a space inside) is a 422 at the token field, before any call to OP3 (it was a 503 „OP3 ist
// gerade nicht erreichbar“); spaces and a line break around a pasted token are trimmed, and it
// connects.
import { describe, expect, it } from 'vitest';
import { audienceMessages } from '../../../src/shared/audience.ts';
import { json } from '../helpers/agent.ts';
import { FAKE_OP3_TOKEN } from '../../support/fake-op3.ts';
import { addShow, op3App, podcastWithFeed } from './op3-helpers.ts';

const { t, fake } = await op3App();

describe('the OP3 token', () => {
  it('with control characters or spaces inside is refused at its field; around it, trimmed', async () => {
    const feed = 'https://feeds.example.org/token.xml';
    addShow(t, fake, 'e'.repeat(32), feed);
    const { owner, podcast } = await podcastWithFeed(t, feed);
    const connect = (token: string) =>
      owner.agent.post(`/api/podcasts/${podcast.id}/audience-sources`, { type: 'op3', token });
    const broken = [
      `${FAKE_OP3_TOKEN}\r\nX-Injected: 1`,
      `${FAKE_OP3_TOKEN}\n2`,
      'op3-token\u0000x',
      `op3\u001b[31m-token`,
      'zwei teile',
    ];
    for (const token of broken) {
      const response = await connect(token);
      expect(response.statusCode, JSON.stringify(token)).toBe(422);
      expect(json(response)).toEqual({
        message: audienceMessages.tokenCharacters,
        errors: { token: [audienceMessages.tokenCharacters] },
      });
    }
    expect(fake.requests).toHaveLength(0);

    const pasted = await connect(`  ${FAKE_OP3_TOKEN}\r\n`);
    expect(pasted.statusCode, pasted.body).toBe(201);
  });
});
