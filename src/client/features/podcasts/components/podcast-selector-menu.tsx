import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useContextQuery, useSelectContext } from '../api/get-context.ts';
import { podcastsQueryOptions } from '../api/get-podcasts.ts';

const item =
  'flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-slate-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/**
 * §2 Navigation: the user's podcasts; choosing one selects it and goes to the dashboard.
 * 'Weiteren Podcast anlegen' starts onboarding.
 */
export function PodcastSelectorMenu({
  trigger,
  defaultOpen,
}: {
  /** The trigger's label, look and content, which the placeholder shares (podcast-selector.tsx). */
  trigger: { 'aria-label': string; className: string; children: ReactNode };
  defaultOpen?: boolean;
}) {
  const podcasts = useQuery(podcastsQueryOptions()).data ?? [];
  const selected = useContextQuery().data;
  const select = useSelectContext();
  const navigate = useNavigate();

  const choose = (value: string) =>
    select.mutate(Number(value), { onSuccess: () => void navigate({ to: '/app/podcast' }) });

  return (
    // Not modal, like the profile menu: a modal menu hides the page while its links stay focusable.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger {...trigger} aria-busy={select.isPending || undefined} />
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
