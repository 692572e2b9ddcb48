import type { User } from '../../shared/account.ts';

/** The name we show for a user (one name: the API sends it as name and as the profile's username). */
export function displayName(user: Pick<User, 'name' | 'profile'>): string {
  return user.name || user.profile?.username || 'Ohne Name';
}

function initials(user: Pick<User, 'name' | 'profile' | 'email'>) {
  const source = user.name || user.profile?.username || user.email || '?';
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

type Props = { user: Pick<User, 'name' | 'profile' | 'email' | 'image'>; size?: 'sm' | 'lg' };

/** Profile picture or initials; decorative, the name is always written next to it or labelled. */
export function Avatar({ user, size = 'sm' }: Props) {
  const box = size === 'lg' ? 'size-24 text-2xl' : 'size-9 text-sm';
  if (user.image?.image_uri) {
    return <img src={user.image.image_uri} alt="" className={`${box} rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900`}
    >
      {initials(user)}
    </span>
  );
}
