import { WidgetCard } from '../../../components/widget-card.tsx';
import { useSimilarities } from '../api/get-podcast-methods.ts';
import { PracticeRow } from './practice-row.tsx';

/** 'Passende Methoden' (§2): the 3 methods most like this one; a failed load shows none (§8). */
export function SimilarPractices({ podcastId, practiceId }: { podcastId: number; practiceId: number }) {
  const similar = useSimilarities(podcastId, practiceId);
  const list = similar.data ?? [];
  return (
    <WidgetCard title="Passende Methoden">
      {similar.isPending ? (
        <p className="text-slate-600">Lade Methoden...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">Zu dieser Methode gibt es noch keine passenden.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((s) => (
            <PracticeRow key={s.relation_id} practice={s.relation} />
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}
