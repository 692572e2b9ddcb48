import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Avatar, displayName } from '../../../components/avatar.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { userQueryOptions } from '../api/get-user.ts';

const route = getRouteApi('/app/profile/$id');

const dateFormat = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' });

/** profile/:id: someone's public profile; only its owner sees the edit button (§2, §8). */
export function UserProfile() {
  const { id } = route.useParams();
  const { data: user } = useSuspenseQuery(userQueryOptions(id));
  const name = displayName(user);
  useDocumentTitle(name);
  const profile = user.profile;

  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar user={user} size="lg" />
        <div className="flex-1">
          <h1 className="text-2xl font-bold text-slate-900">{name}</h1>
          {profile?.position && <p className="text-slate-700">{profile.position.trans}</p>}
          <p className="mt-1 text-sm text-slate-600">
            Dabei seit {dateFormat.format(new Date(user.created_at))}
          </p>
        </div>
        {user.is_self && (
          <Link to="/app/settings/profile" className={buttonClass('secondary')}>
            Profil bearbeiten
          </Link>
        )}
      </div>
      {profile ? (
        <dl className="mt-6 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
          {user.email && <Detail term="E-Mail-Adresse" value={user.email} />}
          <Detail term="Sprache" value={profile.language.trans} />
        </dl>
      ) : (
        <p className="mt-6 border-t border-slate-200 pt-6 text-slate-700">
          Der Benutzer hat keine Profilangaben hinterlegt.
        </p>
      )}
    </article>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-medium break-all text-slate-900">{value}</dd>
    </div>
  );
}
