import { Link } from '@tanstack/react-router';
import type { AccountAssistance, Assistance } from '../../../../shared/assistances.ts';
import { tipDate } from './tip-date.ts';

type Props = {
  tips: (Assistance | AccountAssistance)[] | undefined;
  pending: boolean;
};

export const EMPTY_TIPS = 'Noch keine Tipps. Die Kompass-KI meldet sich hier, sobald sie etwas für dich hat.';

/** §2 assistances.list: subject, created date and a link to the tip; an empty text without tips. */
export function AssistanceList({ tips, pending }: Props) {
  if (pending) return <p className="text-slate-600">Lade Tipps …</p>;
  // §8: a list that fails to load shows as empty.
  if (!tips?.length) return <p className="text-slate-600">{EMPTY_TIPS}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {tips.map((tip) => (
        <li key={tip.id}>
          <Link
            to="/app/assistances/$id"
            params={{ id: String(tip.id) }}
            className="flex min-h-14 flex-col justify-center gap-0.5 px-4 py-3 hover:bg-slate-50"
          >
            <span className="font-semibold text-slate-900">{tip.subject}</span>
            <span className="text-sm text-slate-600">
              {tipDate(tip.created_at)}
              {'podcast' in tip ? ` · ${tip.podcast.title}` : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
