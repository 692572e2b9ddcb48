import type { User } from '../../shared/account.ts';
import { Avatar } from './avatar.tsx';
import { deferred, MenuPlaceholder } from './deferred.tsx';

const trigger = {
  'aria-label': 'Profilmenü',
  className:
    'flex size-11 shrink-0 items-center justify-center rounded-full ring-1 ring-slate-200 hover:ring-brand-600',
};

const Menu = deferred(() => import('./profile-menu-content.tsx').then((m) => m.ProfileMenuContent));

/** The profile menu (profile-menu-content.tsx); its code loads after the first screen. */
export function ProfileMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <Menu
      user={user}
      onLogout={onLogout}
      trigger={trigger}
      placeholder={(open) => (
        <MenuPlaceholder open={open} {...trigger}>
          <Avatar user={user} />
        </MenuPlaceholder>
      )}
    />
  );
}
