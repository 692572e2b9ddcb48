import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { buttonClass } from '../../../../components/button.tsx';
import { useDocumentTitle } from '../../../../lib/document-title.ts';
import { useFirstScreenSettled } from '../../../../lib/first-screen.ts';
import { useContextQuery } from '../../api/get-context.ts';
import type { MembershipsQuery } from './coworkers-widget.tsx';
import { FeedCheckWidget } from './feed-check-widget.tsx';
import { OnboardingPrompt } from './onboarding-prompt.tsx';
import { PresentWidget } from './present-widget.tsx';
import { SetupChecklist } from './setup-checklist.tsx';
import { SubscribeWidget } from './subscribe-widget.tsx';
import { TrialWidget } from './trial-widget.tsx';
import type { DashboardSlots } from './dashboard-slots.ts';

type Props = { membershipsQuery: MembershipsQuery; slots?: DashboardSlots };

/**
 * Entscheidung FPOD-1: the first render shows the header and the widgets a phone shows
 * first (setup, trial, subscription, launch gift, feed check); the rest, whose data the route's
 * loader has asked for beside them, mounts once the first screen after a start has settled (at once
 * on a later visit), in a transition, with its code (radix's accordion, the rhythm) in its own
 * chunk. Rendering all twelve widgets at once, and again as each answer came, made tasks of up to
 * ~1.2 s at 4x CPU around the first paint.
 */
const DashboardMore = lazy(() => import('./dashboard-more.tsx').then((m) => ({ default: m.DashboardMore })));

/**
 * podcast.show, the dashboard of the selected podcast: one column on phones, two on wide screens.
 * A failed load of the podcast leaves it empty (§8), which reads as no podcast.
 */
export function DashboardPage({ membershipsQuery, slots }: Props) {
  const context = useContextQuery();
  const podcast = context.data;
  useDocumentTitle(podcast?.title ?? 'Dein Podcast');
  if (context.isPending) return <p className="text-slate-600">Lade deinen Podcast...</p>;
  if (!podcast) return <OnboardingPrompt />;
  // Keyed by the podcast, so switching podcasts starts every widget afresh (page 1 of episodes).
  return <Dashboard key={podcast.id} podcast={podcast} membershipsQuery={membershipsQuery} slots={slots} />;
}

function Dashboard({ podcast, membershipsQuery, slots }: Props & { podcast: Podcast }) {
  const more = useFirstScreenSettled();
  return (
    <div>
      {/* Wraps on a phone: the edit button goes below the title instead of squeezing a long
          title into a column of a few words per line beside it. */}
      <header className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {podcast.image && (
          <img src={podcast.image.image_uri} alt="" className="size-16 shrink-0 rounded-xl object-cover" />
        )}
        <div className="min-w-0 flex-1 basis-56">
          <h1 className="text-2xl font-bold break-words hyphens-auto text-slate-900">{podcast.title}</h1>
          {podcast.name && podcast.name !== podcast.title && <p className="text-slate-700">{podcast.name}</p>}
          {!podcast.own_podcast && (
            <p className="text-sm text-slate-600">Deine Rolle: {podcast.role.trans}</p>
          )}
        </div>
        {/* §6: 'The podcast edit button shows for everyone in the header'; an observer sees the
            settings read-only there. */}
        {/* A label, not a hidden word inside: that one counted as a second line of the button. */}
        <Link
          to="/app/podcast/edit"
          aria-label="Podcast bearbeiten"
          className={buttonClass('secondary', 'shrink-0 self-start px-4')}
        >
          Bearbeiten
        </Link>
      </header>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <SetupChecklist podcast={podcast} />
        <TrialWidget podcast={podcast} />
        <SubscribeWidget podcast={podcast} />
        <PresentWidget podcast={podcast} link={slots?.giftLink} />
        <FeedCheckWidget podcast={podcast} />
        {more && (
          <Suspense fallback={null}>
            <DashboardMore podcast={podcast} membershipsQuery={membershipsQuery} slots={slots} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
