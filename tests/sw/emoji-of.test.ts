// The worker stores the emoji an API answer names with its offline copy (sw/mirror.ts): the
// similar methods of a method never opened online show their images offline.
import { describe, expect, it } from 'vitest';
import { emojiOf } from '../../sw/images.ts';

describe('emojiOf', () => {
  it('finds every emoji field of an answer, escaped ones included', () => {
    const body = JSON.stringify({
      data: [
        { relation_id: 2, relation: { id: 7, title: 'Trailer', emoji: '🎬' } },
        { relation_id: 3, relation: { id: 9, title: 'Cover "neu"', emoji: '❤️\u200d🔥' } },
      ],
    });
    expect(emojiOf(body)).toEqual(['🎬', '❤️\u200d🔥']);
    expect(emojiOf('{"emoji":"\\ud83c\\udfa7"}')).toEqual(['🎧']);
  });

  it('finds none in an answer without emoji', () => {
    expect(emojiOf(JSON.stringify({ data: { id: 1, title: 'Experiment' } }))).toEqual([]);
  });
});
