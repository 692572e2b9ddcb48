import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useContextQuery, useSelectContext } from '../api/get-context.ts';
import { podcastsQueryOptions } from '../api/get-podcasts.ts';
import { ChevronDownIcon } from '../../../components/nav-icons.tsx';

const item =
  'flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-slate-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** Whether the user has a podcast to select; without one the header shows only the logo (§2). */
export function useHasPodcasts() {
  return (useQuery(podcastsQueryOptions()).data?.length ?? 0) > 0;
}

/**
 * §2 Navigation: the user's podcasts; choosing one selects it and goes to the dashboard.
 * 'Weiteren Podcast anlegen' starts onboarding.
 */
export function PodcastSelector() {
  const podcasts = useQuery(podcastsQueryOptions()).data ?? [];
  const selected = useContextQuery().data;
  const select = useSelectContext();
  const navigate = useNavigate();
  const title = selected?.title ?? 'Podcast wählen';

  const choose = (value: string) =>
    select.mutate(Number(value), { onSuccess: () => void navigate({ to: '/app/podcast' }) });

  return (
    // Not modal, like the profile menu: a modal menu hides the page while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Podcast wechseln: ${title}`}
        aria-busy={select.isPending || undefined}
        className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-lg px-2 text-base font-semibold text-slate-900 hover:bg-slate-100"
      >
        <span className="truncate">{title}</span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      {/* In place, not portalled to <body>: it stays in its trigger's landmark (src/client/components/README.md). */}
      <DropdownMenu.Content
        align="start"
        sideOffset={8}
        className="z-50 max-h-[70dvh] max-w-[calc(100vw-2rem)] min-w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold text-slate-600">
          Deine Podcasts
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={selected ? String(selected.id) : ''} onValueChange={choose}>
          {podcasts.map((podcast) => (
            <DropdownMenu.RadioItem key={podcast.id} value={String(podcast.id)} className={item}>
              <span className="flex size-4 shrink-0 items-center justify-center" aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              <span className="min-w-0 truncate">{podcast.title}</span>
              {!podcast.own_podcast && (
                <span className="ml-auto shrink-0 text-xs text-slate-600">Coworker*in</span>
              )}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={`${item} font-semibold text-brand-800`}>
          <Link to="/app/onboarding">Weiteren Podcast anlegen</Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
