import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Practice } from '../../../../shared/practices.ts';
import { EmojiTile, emojiTone } from './practice-emoji.tsx';

/** A method as one row of a widget: emoji on its flag colour, title, and what the widget adds. */
export function PracticeRow({
  practice,
  children,
}: {
  practice: Pick<Practice, 'id' | 'title' | 'emoji' | 'applied' | 'bookmarked'>;
  children?: ReactNode;
}) {
  return (
    <li>
      <Link
        to="/app/practices/$id/overview"
        params={{ id: String(practice.id) }}
        className="flex min-h-11 items-center gap-3 rounded-xl py-2 hover:bg-slate-50"
      >
        <EmojiTile emoji={practice.emoji} tone={emojiTone(practice)} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900">{practice.title}</span>
          {children}
        </span>
      </Link>
    </li>
  );
}
