import { useState } from 'react';
import { can } from '../../../../../shared/roles.ts';
import type { Episode, Podcast } from '../../../../../shared/podcasts.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button } from '../../../../components/button.tsx';
import { Paginator } from '../../../../components/paginator.tsx';
import { apiError } from '../../../../api/errors.ts';
import { lazily } from '../../../../lib/lazy-format.ts';
import { useEpisodes } from '../../api/get-episodes.ts';
import { useRefreshPodcast } from '../../api/refresh-podcast.ts';
import { WidgetCard } from './widget-card-actions.tsx';

// Dates arrive as Berlin calendar days (yyyy-MM-dd); formatting them as UTC keeps the day.
const dateFormat = lazily(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }));

/**
 * The podcast's episodes (§2): newest first, a page at a time, each opening its web page in a new
 * tab; a failed load shows an empty list (§8). 'Aktualisieren' reads the feed again.
 */
export function EpisodesWidget({ podcast }: { podcast: Podcast }) {
  const [page, setPage] = useState(1);
  const episodes = useEpisodes(podcast.id, page);
  const list = episodes.isError ? undefined : episodes.data;
  const total = list?.meta.total ?? (episodes.isPending ? podcast.num_episodes : 0);
  const refresh = useRefreshPodcast(podcast.id);
  const refreshError = refresh.isError ? apiError(refresh.error) : undefined;

  return (
    <WidgetCard
      title={`Episoden (${total})`}
      className="lg:col-span-2"
      action={
        podcast.rss_uri &&
        can(podcast.role.key, 'podcast.refresh') && (
          // §7: the button is not active while the feed is read.
          <Button
            type="button"
            variant="secondary"
            pending={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            {refresh.isPending ? 'Aktualisiere...' : 'Aktualisieren'}
          </Button>
        )
      }
    >
      {refreshError && (
        <div className="mb-3">
          <Banner tone="error">{refreshError.message}</Banner>
        </div>
      )}
      {episodes.isPending ? (
        <p className="text-slate-600">Lade Episoden...</p>
      ) : (
        <>
          {list && list.data.length > 0 && (
            <ul
              className="mb-4 divide-y divide-slate-100"
              aria-busy={episodes.isPlaceholderData || undefined}
            >
              {list.data.map((episode) => (
                <EpisodeItem key={episode.id} episode={episode} />
              ))}
            </ul>
          )}
          <Paginator meta={list?.meta} onPage={setPage} label="Seiten der Episoden" />
        </>
      )}
    </WidgetCard>
  );
}

function EpisodeItem({ episode }: { episode: Episode }) {
  const date = episode.published_at && (
    <time dateTime={episode.published_at} className="text-sm text-slate-600">
      {dateFormat().format(new Date(`${episode.published_at}T00:00:00Z`))}
    </time>
  );
  if (!episode.web_uri) {
    return (
      <li className="flex min-h-11 flex-col justify-center py-2">
        <span className="font-medium text-slate-900">{episode.title}</span>
        {date}
      </li>
    );
  }
  return (
    <li>
      <a
        href={episode.web_uri}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-h-11 flex-col justify-center py-2 hover:bg-slate-50"
      >
        <span className="font-medium text-brand-800 underline">
          {episode.title}
          <span className="sr-only"> (öffnet in neuem Tab)</span>
        </span>
        {date}
      </a>
    </li>
  );
}
