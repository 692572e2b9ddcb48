// A read's URL is made once, from its descriptor (src/shared/reads.ts): the server embeds an answer
// under it and the client takes it by it, so both must get the same string from the same params.
import { expect, it } from 'vitest';
import { READS } from '../../src/shared/reads.ts';

it('fills the ids into the path and writes the set query params in the order the endpoint lists them', () => {
  expect(READS.objective({ podcast: 4 }).url).toBe('/api/podcasts/4/objective');
  expect(READS.similarities({ limit: 3, context: 4, practice: 7 }).url).toBe(
    '/api/practices/7/similarities?context=4&limit=3',
  );
  expect(READS.practices({ relevance: 'high', order: 'advice', page: 1, podcast: 2 }).url).toBe(
    '/api/podcasts/2/practices?page=1&order=advice&relevance=high',
  );
  expect(READS.comments({ experiment: 9, before: undefined }).url).toBe('/api/experiments/9/comments');
  expect(READS.advice({}).url).toBe('/api/advices:random');
});

it("encodes the query values, and keeps the read's name and params for the loaders", () => {
  const read = READS.practices({ podcast: 2, page: 1, keywords: 'a,b c' });
  expect(read.url).toBe('/api/podcasts/2/practices?page=1&keywords=a%2Cb+c');
  expect(read).toMatchObject({ name: 'practices', params: { podcast: 2, page: 1 } });
});
