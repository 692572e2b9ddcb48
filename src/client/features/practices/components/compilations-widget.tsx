import { Link } from '@tanstack/react-router';
import type { Compilation } from '../../../../shared/compilations.ts';
import { usePracticeCompilations } from '../api/get-practice.ts';
import { EmojiTile } from './practice-emoji.tsx';

/** §9: the widget shows the first 3 sets. */
const SHOWN = 3;

/** The set's kind (Edition or Playbook) with its number of methods. */
export function CompilationTag({ compilation }: { compilation: Compilation }) {
  return (
    <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-900">
      {compilation.type.trans} · {compilation.num_practices} Methoden
    </span>
  );
}

/** One set as a row linking to compilations.show. */
export function CompilationItem({ compilation }: { compilation: Compilation }) {
  return (
    <Link
      to="/app/compilations/$id"
      params={{ id: String(compilation.id) }}
      className="flex min-h-11 items-center gap-3 rounded-xl py-2 hover:bg-slate-50"
    >
      <EmojiTile emoji={compilation.emoji} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{compilation.title}</span>
        <CompilationTag compilation={compilation} />
      </span>
    </Link>
  );
}

/** 'Teil dieser Sets' (§2 Compilations): the first 3 sets of the method, or the empty text. */
export function CompilationsWidget({ practiceId }: { practiceId: number }) {
  const compilations = usePracticeCompilations(practiceId);
  const list = compilations.data ?? [];
  return (
    <section
      aria-labelledby="practice-compilations"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="practice-compilations" className="text-lg font-bold text-slate-900">
        Teil dieser Sets
      </h2>
      <div className="mt-3">
        {compilations.isPending ? (
          <p className="text-slate-600">Lade Sets...</p>
        ) : list.length === 0 ? (
          <p className="text-slate-700">Die Methode gehört zu keinem Set.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.slice(0, SHOWN).map((c) => (
              <li key={c.id}>
                <CompilationItem compilation={c} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
