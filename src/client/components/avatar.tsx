import type { User } from '../../shared/account.ts';

type Person = { name?: string | null; profile?: { username?: string | null } | null };

/** The name we show for a user (one name: the API sends it as name and as the profile's username). */
export function displayName(user: Person): string {
  return user.name || user.profile?.username || 'Ohne Name';
}

/** Up to two letters of the name; none without a name (an e-mail address is no name). */
function initials(user: Person) {
  const parts = (user.name || user.profile?.username || '').split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase();
}

const sizes = { xs: 'size-8 text-xs', sm: 'size-9 text-sm', lg: 'size-24 text-2xl' } as const;

type Props = {
  user: Person & { image?: Pick<NonNullable<User['image']>, 'image_uri'> | null };
  size?: keyof typeof sizes;
};

/**
 * The one avatar of a person, on every screen (lists showed 'BM', the profile '?', the
 * comments an empty circle): the picture, else the name's initials, else a neutral person icon.
 * Decorative: the name is always written next to it or labelled.
 */
export function Avatar({ user, size = 'sm' }: Props) {
  const box = `${sizes[size]} shrink-0 rounded-full`;
  if (user.image?.image_uri) {
    return <img src={user.image.image_uri} alt="" className={`${box} object-cover`} />;
  }
  const letters = initials(user);
  return (
    <span
      aria-hidden="true"
      data-avatar={letters ? 'initials' : 'icon'}
      className={`${box} inline-flex items-center justify-center bg-brand-100 font-semibold text-brand-900`}
    >
      {letters || (
        <svg viewBox="0 0 24 24" fill="currentColor" className="size-3/5">
          <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5Z" />
        </svg>
      )}
    </span>
  );
}
