// Tip screens combine the selected podcast (podcasts/) with its tips (assistances/); features
// never import each other. Loaded lazily by their route files.
import type { UseQueryResult } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Assistance } from '../../../shared/assistances.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePodcast } from '../../features/podcasts/api/get-context.ts';
import {
  useAccountAssistances,
  useOlderAccountAssistances,
} from '../../features/assistances/api/get-account-assistances.ts';
import { useAssistances, useOlderAssistances } from '../../features/assistances/api/get-assistances.ts';
import { OlderButton } from '../../components/older-button.tsx';
import { without, type OlderPages } from '../../lib/older-pages.ts';
import { AssistanceDetail } from '../../features/assistances/components/assistance-detail.tsx';
import { AssistanceList } from '../../features/assistances/components/assistance-list.tsx';
import { ProUpsell } from '../../features/assistances/components/pro-upsell.tsx';

const frame = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8';

/** A tips list's newest page, then what „Ältere anzeigen“ loaded (a tip in both shows once). */
function PagedTips<T extends Assistance>({
  tips,
  older,
}: {
  tips: UseQueryResult<T[]>;
  older: OlderPages<T>;
}) {
  const shown = tips.data && [...tips.data, ...without(tips.data, older.pages.flat())];
  return (
    <>
      <AssistanceList tips={shown} pending={tips.isPending} />
      {tips.data && <OlderButton older={older} />}
    </>
  );
}

/** assistances.list: the selected podcast's tips; Basic podcasts see the Studio Pro upsell. */
export function AssistancesListScreen() {
  useDocumentTitle('Tipps von der Kompass-KI');
  const podcast = usePodcast();
  const tips = useAssistances(podcast?.id ?? 0, podcast?.active ?? false);
  const older = useOlderAssistances(podcast?.id ?? 0);
  if (!podcast) return null;
  return (
    <section className={frame}>
      <h1 className="text-2xl font-bold text-slate-900">Tipps von der Kompass-KI</h1>
      <p className="mt-1 mb-6 text-slate-600">Für „{podcast.title}“.</p>
      {podcast.active ? (
        <PagedTips tips={tips} older={older} />
      ) : (
        <ProUpsell podcastId={podcast.id} title={podcast.title} />
      )}
    </section>
  );
}

const showRoute = getRouteApi('/app/podcast-required/assistances/$id');

/** assistances.show (assistances/:id): subject and message. */
export function AssistancesShowScreen() {
  const id = Number(showRoute.useParams().id);
  return <AssistanceDetail id={id} />;
}

/** account.assistances.list: the tips of all the user's podcasts with Studio Pro. */
export function AccountAssistancesScreen() {
  useDocumentTitle('Alle Tipps von der Kompass-KI');
  const tips = useAccountAssistances();
  const older = useOlderAccountAssistances();
  return (
    <section className={frame}>
      <h1 className="text-2xl font-bold text-slate-900">Alle Tipps von der Kompass-KI</h1>
      <p className="mt-1 mb-6 text-slate-600">Aus allen deinen Podcasts mit Studio Pro.</p>
      <PagedTips tips={tips} older={older} />
    </section>
  );
}
