import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { can, isAdmin } from '../../../../shared/roles.ts';
import { apiError } from '../../../api/errors.ts';
import { useOffline } from '../../../components/offline-banner.tsx';
import { links, supportEmail } from '../../../lib/links.ts';
import { useUser } from '../../../lib/session.ts';
import { useToggleFlag, type PracticeFlag } from '../api/toggle-flag.ts';
import type { CardPractice } from './practice-card.tsx';

const item =
  'flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-slate-800 outline-none ' +
  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

const flagItems: { flag: PracticeFlag; label: string }[] = [
  { flag: 'applied', label: 'In Anwendung' },
  { flag: 'bookmarked', label: 'Merken' },
  { flag: 'rejected', label: 'Nicht empfehlen' },
];

type Props = {
  podcast: Podcast;
  practice: CardPractice & { rejected: boolean };
  /** The trigger's label and look, which the placeholder shares (practice-menu.tsx). */
  trigger: ComponentProps<'button'>;
  defaultOpen?: boolean;
};

const bestPracticeMail = (title: string) =>
  `mailto:${supportEmail}?subject=${encodeURIComponent(`Best Practice zu „${title}“`)}`;

/**
 * The method action menu (§2): the three flags as checkable items (toggled at once, put back when
 * the server refuses, §4), start experiment, submit best practice, give feedback, and for admins
 * the method's page in the admin panel.
 */
export function PracticeMenuContent({ podcast, practice, trigger, defaultOpen }: Props) {
  const user = useUser();
  const toggle = useToggleFlag(podcast.id);
  const mayFlag = can(podcast.role.key, 'practices.flag');
  // A flag is not queued offline (components/online-only.tsx): without the server the items wait.
  const cut = useOffline();
  const error = toggle.isError ? apiError(toggle.error) : undefined;
  return (
    <div className="shrink-0">
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger {...trigger} />
        {/* In place, not portalled to <body>: it stays in its trigger's landmark (src/client/components/README.md). */}
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {flagItems.map(({ flag, label }) => (
            <DropdownMenu.CheckboxItem
              key={flag}
              className={item}
              checked={practice[flag]}
              disabled={!mayFlag || cut}
              onCheckedChange={(value) => toggle.mutate({ practiceId: practice.id, flag, value })}
            >
              <span aria-hidden="true" className="w-5 text-center">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {label}
            </DropdownMenu.CheckboxItem>
          ))}
          {cut && mayFlag && (
            <p className="px-3 py-1 text-sm text-slate-600">Markieren geht nur mit Verbindung zum Server.</p>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={item}>
            {podcast.active ? (
              <Link to="/app/experiments/create" search={{ practice_id: practice.id }}>
                Experiment starten
              </Link>
            ) : (
              <Link to="/app/podcasts/$id/conversion" params={{ id: String(podcast.id) }}>
                Experiment starten (Studio Pro)
              </Link>
            )}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <a href={bestPracticeMail(practice.title)}>Best Practice einreichen</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/app/feedback">Feedback geben</Link>
          </DropdownMenu.Item>
          {user && isAdmin(user) && (
            <DropdownMenu.Item asChild className={item}>
              <a href={`${links.admin}/practices/${practice.id}`} target="_blank" rel="noreferrer">
                Methode bearbeiten
              </a>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {error && (
        <p role="alert" className="mt-1 max-w-40 text-xs text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
