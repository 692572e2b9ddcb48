// The dashboard's method widgets (§2): recommended next, bookmarks, applied methods, advice. The
// dashboard (features/podcasts) gets them from its route file: features don't import each other.
import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { buttonClass } from '../../../components/button.tsx';
import { WidgetCard } from '../../../components/widget-card.tsx';
import { useCompilations } from '../api/get-compilations.ts';
import { useAdvice, useApplications, useBookmarks, useEstimations } from '../api/get-podcast-methods.ts';
import { PracticeRow } from './practice-row.tsx';
import { formatDay } from './format-day.ts';
import { SimilarityBadge } from './similarity.tsx';

/** 'Als Nächstes empfohlen': the first 3 estimations with their similarity and first reason (Pro). */
export function RecommendedWidget({ podcast }: { podcast: Podcast }) {
  if (!podcast.active) {
    return (
      <WidgetCard title="Als Nächstes empfohlen">
        <p className="text-slate-700">
          Der Kompass vergleicht deine Ziele mit allen Methoden und sagt dir, womit du als Nächstes
          weiterkommst.
        </p>
        <Link
          to="/app/podcasts/$id/conversion"
          params={{ id: String(podcast.id) }}
          className={buttonClass('primary', 'mt-4')}
        >
          Kompass befragen
        </Link>
      </WidgetCard>
    );
  }
  return <Recommended podcastId={podcast.id} />;
}

/**
 * The reason each row shows: its strongest one not already shown in a row above, else its
 * strongest. Three methods that all 'passen zu deinem Ziel Reichweite' would otherwise say the
 * same three times (Entscheidung FPRA-1).
 */
export function shownReasons(rows: readonly { reasons: readonly string[] }[]): (string | undefined)[] {
  const shown = new Set<string>();
  return rows.map(({ reasons }) => {
    const reason = reasons.find((r) => !shown.has(r)) ?? reasons[0];
    if (reason) shown.add(reason);
    return reason;
  });
}

function Recommended({ podcastId }: { podcastId: number }) {
  const estimations = useEstimations(podcastId);
  // A method just applied or rejected leaves at once, before the refetch brings the next one.
  const list = (estimations.data ?? []).filter((e) => !e.practice.applied && !e.practice.rejected);
  const reasons = shownReasons(list);
  return (
    <WidgetCard title="Als Nächstes empfohlen">
      {estimations.isPending ? (
        <p className="text-slate-600">Lade Empfehlungen...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">
          Gerade gibt es keine Empfehlung. Passe deine Ziele an, um neue zu bekommen.
        </p>
      ) : (
        <ul aria-label="Empfohlene Methoden" className="divide-y divide-slate-100">
          {list.map((e, i) => (
            <PracticeRow key={e.practice_id} practice={e.practice}>
              <span className="mt-1 block">
                <SimilarityBadge similarity={e.similarity} />
              </span>
              {/* A strong reason, so a change in the evidence reads on the dashboard too
                  ('Dein Feed: Keine Transkripte'). The card lists them all. */}
              {reasons[i] && <span className="mt-1 block text-sm text-slate-600">{reasons[i]}</span>}
            </PracticeRow>
          ))}
        </ul>
      )}
      <Link to="/app/practices/list" className={buttonClass('secondary', 'mt-4')}>
        Alle Methoden
      </Link>
    </WidgetCard>
  );
}

/** 'Gemerkte Methoden' with a button to the method list. */
export function BookmarksWidget({ podcast }: { podcast: Podcast }) {
  const bookmarks = useBookmarks(podcast.id);
  const list = bookmarks.data ?? [];
  return (
    <WidgetCard title="Gemerkte Methoden">
      {bookmarks.isPending ? (
        <p className="text-slate-600">Lade Methoden...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">Merke dir Methoden, die dich ansprechen: Sie erscheinen dann hier.</p>
      ) : (
        <ul aria-label="Gemerkte Methoden" className="divide-y divide-slate-100">
          {list.map((b) => (
            <PracticeRow key={b.id} practice={b.practice} />
          ))}
        </ul>
      )}
      <Link to="/app/practices/list" className={buttonClass('secondary', 'mt-4')}>
        Zu den Methoden
      </Link>
    </WidgetCard>
  );
}

/** 'Dauerhaft angewandt': the applied methods with the day each was added. */
export function ApplicationsWidget({ podcast }: { podcast: Podcast }) {
  const applications = useApplications(podcast.id);
  const list = applications.data ?? [];
  return (
    <WidgetCard title="Dauerhaft angewandt">
      {applications.isPending ? (
        <p className="text-slate-600">Lade Methoden...</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">
          Noch keine. Markiere eine Methode, die du dauerhaft nutzt, im Menü der Methode als „In Anwendung“.
        </p>
      ) : (
        <ul aria-label="Angewandte Methoden" className="divide-y divide-slate-100">
          {list.map((a) => (
            <PracticeRow key={a.id} practice={a.practice}>
              <span className="block text-sm text-slate-600">
                Hinzugefügt am <time dateTime={a.starts_at}>{formatDay(a.starts_at)}</time>
              </span>
            </PracticeRow>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

/** 'Aus dem Logbuch': one random advice; hidden while loading and when loading fails (§8). */
export function AdviceWidget() {
  const advice = useAdvice();
  if (!advice.data) return null;
  return (
    <WidgetCard title="Aus dem Logbuch">
      <blockquote className="border-l-4 border-brand-200 pl-4 text-slate-800">
        {advice.data.content}
      </blockquote>
    </WidgetCard>
  );
}

/** The launch gift's way to its set: the first edition, or the sets until that is known. */
export function FirstEditionLink({ className }: { className: string }) {
  const compilations = useCompilations();
  const first = compilations.data?.find((c) => c.type.key === 'edition');
  if (!first) {
    return (
      <Link to="/app/compilations" className={className}>
        Zum Startgeschenk
      </Link>
    );
  }
  return (
    <Link to="/app/compilations/$id" params={{ id: String(first.id) }} className={className}>
      Zum Startgeschenk
    </Link>
  );
}
