import { useQuery } from '@tanstack/react-query';
import { deferred, MenuPlaceholder } from '../../../components/deferred.tsx';
import { ChevronDownIcon } from '../../../components/nav-icons.tsx';
import { useContextQuery } from '../api/get-context.ts';
import { podcastsQueryOptions } from '../api/get-podcasts.ts';

/** Whether the user has a podcast to select; without one the header shows only the logo (§2). */
export function useHasPodcasts() {
  return (useQuery(podcastsQueryOptions()).data?.length ?? 0) > 0;
}

const Menu = deferred(() => import('./podcast-selector-menu.tsx').then((m) => m.PodcastSelectorMenu));

/** The podcast selector (podcast-selector-menu.tsx); its code loads after the first screen. */
export function PodcastSelector() {
  const title = useContextQuery().data?.title ?? 'Podcast wählen';
  const trigger = {
    'aria-label': `Podcast wechseln: ${title}`,
    className:
      'flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-base font-semibold text-slate-900 hover:bg-slate-100',
    children: (
      <>
        <span className="truncate">{title}</span>
        <ChevronDownIcon />
      </>
    ),
  };
  return <Menu trigger={trigger} placeholder={(open) => <MenuPlaceholder open={open} {...trigger} />} />;
}
