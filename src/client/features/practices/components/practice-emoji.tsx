import { twemojiUrl } from '../../../../shared/twemoji.ts';

const FALLBACK = '/twemoji/2753.svg';

export type EmojiTone = 'applied' | 'bookmarked' | 'plain';

/** §2 Practice card: green when applied, amber when bookmarked, grey otherwise. */
const tones: Record<EmojiTone, string> = {
  applied: 'bg-emerald-100',
  bookmarked: 'bg-amber-100',
  plain: 'bg-slate-100',
};

export const emojiTone = (flags: { applied: boolean; bookmarked: boolean }): EmojiTone =>
  flags.applied ? 'applied' : flags.bookmarked ? 'bookmarked' : 'plain';

/**
 * A method's or a set's emoji as its Twemoji image (/twemoji/{code}.svg, §2); a code without a
 * file falls back to the question mark 2753. Decoration: the title beside it names the thing.
 */
export function Emoji({ emoji, className = 'size-7' }: { emoji: string; className?: string }) {
  return (
    <img
      src={twemojiUrl(emoji)}
      alt=""
      className={className}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(FALLBACK)) img.src = FALLBACK;
      }}
    />
  );
}

/** The emoji on its round, coloured tile. */
export function EmojiTile({
  emoji,
  tone = 'plain',
  size = 'md',
}: {
  emoji: string;
  tone?: EmojiTone;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = { sm: 'size-10', md: 'size-14', lg: 'size-20' }[size];
  const img = { sm: 'size-6', md: 'size-8', lg: 'size-12' }[size];
  return (
    <span
      data-tone={tone}
      className={`inline-flex shrink-0 items-center justify-center rounded-2xl ${box} ${tones[tone]}`}
    >
      <Emoji emoji={emoji} className={img} />
    </span>
  );
}
