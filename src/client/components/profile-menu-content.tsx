import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { User } from '../../shared/account.ts';
import { isAdmin } from '../../shared/roles.ts';
import { openFeedback } from '../lib/feedback-open.ts';
import { links } from '../lib/links.ts';
import { Avatar, displayName } from './avatar.tsx';
import { InstallMenuItem, IosInstallDialog } from './install-menu.tsx';
import { EmailAddress } from './email-address.tsx';

const item =
  'flex min-h-11 w-full cursor-pointer items-center rounded-lg px-3 text-base text-slate-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** Profil, Feedback geben, Einstellungen, Administration (admins, editors), Logout (§2). */
export function ProfileMenuContent({
  user,
  onLogout,
  trigger,
  defaultOpen,
}: {
  user: User;
  onLogout: () => void;
  /** The trigger's label and look, which the placeholder shares (profile-menu.tsx). */
  trigger: { 'aria-label': string; className: string };
  defaultOpen?: boolean;
}) {
  const [iosHelp, setIosHelp] = useState(false);
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger {...trigger}>
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      {/* In place, not portalled to <body>: it stays in its trigger's landmark (components/README.md). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-3 py-2 text-sm">
          {(user.profile || user.name) && (
            <span className="block font-semibold text-slate-900">{displayName(user)}</span>
          )}
          {user.email && <EmailAddress email={user.email} className="block text-slate-600" />}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={item}>
          <Link to="/app/profile/$id" params={{ id: String(user.id) }}>
            Profil
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item className={item} onSelect={openFeedback}>
          Feedback geben
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={item}>
          <Link to="/app/settings">Einstellungen</Link>
        </DropdownMenu.Item>
        {isAdmin(user) && (
          <DropdownMenu.Item asChild className={item}>
            <a href={links.admin} target="_blank" rel="noreferrer">
              Administration
            </a>
          </DropdownMenu.Item>
        )}
        <InstallMenuItem className={item} onIosHelp={() => setIosHelp(true)} />
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item className={item} onSelect={onLogout}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
      {/* Outside the menu's content, which unmounts as the menu closes. */}
      <IosInstallDialog open={iosHelp} onOpenChange={setIosHelp} />
    </DropdownMenu.Root>
  );
}
