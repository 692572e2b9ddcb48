import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Practice } from '../../../../shared/practices.ts';
import type { PooledEffect } from '../../../../shared/pooled-effect-text.ts';
import { deferred } from '../../../components/deferred.tsx';
import { EmojiTile, emojiTone } from './practice-emoji.tsx';
import { SimilarityBadge } from './similarity.tsx';

/**
 * What other podcasts measured: its answer comes after the first paint, so its texts load then too
 * (no byte more before a method screen's heading).
 */
export const PooledEffectLine = deferred(() => import('./pooled-effect.tsx').then((m) => m.PooledEffectLine));

/** What a card needs of a method; lists may add the podcast's reasons. */
export type CardPractice = Pick<
  Practice,
  'id' | 'title' | 'claim' | 'emoji' | 'similarity' | 'accessible' | 'applied' | 'bookmarked'
> & { reasons?: readonly string[] | null; rejected?: boolean };

/** Tag 'gemerkt' and the access label 'Freigeschaltet' or 'Vorschau' (§2 Practice card). */
export function PracticeTags({ practice }: { practice: CardPractice }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {practice.applied && (
        <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-900">
          In Anwendung
        </span>
      )}
      {practice.bookmarked && (
        <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
          gemerkt
        </span>
      )}
      <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
        {practice.accessible ? 'Freigeschaltet' : 'Vorschau'}
      </span>
      {/* Applied and rejected methods are never recommended: no score to show. */}
      {!practice.applied && !practice.rejected && <SimilarityBadge similarity={practice.similarity} />}
    </span>
  );
}

/** 'Warum diese Methode?': the goals and fits that made the score. */
export function Reasons({ reasons, level = 3 }: { reasons?: readonly string[] | null; level?: 2 | 3 }) {
  if (!reasons?.length) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="mt-3">
      <Heading
        className={level === 2 ? 'text-lg font-bold text-slate-900' : 'text-sm font-semibold text-slate-900'}
      >
        Warum diese Methode?
      </Heading>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The practice card (§2): the emoji on its flag colour, title and claim linking to the method,
 * the tags, the reasons, and what other podcasts measured (`pooled`, once published). `menu` is
 * the method action menu where the list offers it.
 */
export function PracticeCard({
  practice,
  menu,
  pooled,
}: {
  practice: CardPractice;
  menu?: ReactNode;
  pooled?: PooledEffect;
}) {
  return (
    <article
      aria-label={practice.title}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <EmojiTile emoji={practice.emoji} tone={emojiTone(practice)} />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold break-words hyphens-auto text-slate-900">
            <Link
              to="/app/practices/$id/overview"
              params={{ id: String(practice.id) }}
              className="underline-offset-2 hover:underline"
            >
              {practice.title}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-slate-700">{practice.claim}</p>
        </div>
        {menu}
      </div>
      <div className="mt-3">
        <PracticeTags practice={practice} />
      </div>
      <Reasons reasons={practice.reasons} />
      <PooledEffectLine pooled={pooled} />
    </article>
  );
}

/** Cards in one column on phones, two from tablets, three on wide screens. */
export function PracticeGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/**
 * Practice bullets: small emoji-and-title tiles for many methods at a glance, in 2, 4 or 6 columns
 * by width (§2).
 */
export function PracticeBullets({
  practices,
  label,
}: {
  practices: readonly Pick<Practice, 'id' | 'title' | 'emoji' | 'applied' | 'bookmarked'>[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {practices.map((p) => (
        <li key={p.id}>
          <Link
            to="/app/practices/$id/overview"
            params={{ id: String(p.id) }}
            className="flex h-full min-h-11 flex-col items-center gap-2 rounded-2xl border border-slate-200 bg-white p-3 text-center text-sm font-medium text-slate-900 hover:border-brand-600"
          >
            <EmojiTile emoji={p.emoji} tone={emojiTone(p)} size="sm" />
            <span>{p.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
