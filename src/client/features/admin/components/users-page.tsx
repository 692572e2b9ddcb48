import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Paginator } from '../../../components/paginator.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { adminPlanForm, MAX_TRIAL_DAYS, type AdminPodcast } from '../../../../shared/admin.ts';
import { useForm } from '../../../lib/forms.ts';
import { berlinDate } from '../../../../shared/calendar.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { userRole } from '../../../../shared/vocabulary.ts';
import {
  podcastsQueryOptions,
  useResendVerification,
  userQueryOptions,
  usersQueryOptions,
  useSavePlan,
  useSetRole,
} from '../api/nova-api.ts';
import { dateTime } from './nova-layout.tsx';
import { planName } from '../../../../shared/plan-name.ts';

/** A search box that searches on submit (not on every keystroke). */
export function SearchForm({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }
  return (
    <form role="search" onSubmit={submit} className="flex items-end gap-2">
      <TextField label={label} name="q" type="search" className="grow" />
      <Button variant="secondary">Suchen</Button>
    </form>
  );
}

const planLabel = (p: { active: boolean; only_trial: boolean; days_left: number }) =>
  planName({ ...p, trial: { days_left: p.days_left } });

const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
const formatDay = (date: string) => day.format(new Date(`${date}T12:00:00Z`));

/** Where a podcast's Pro comes from, for the panel. */
function planSource(p: AdminPodcast, today: string) {
  const sources = [
    p.lifetime && 'lebenslanger Zugang',
    p.contract && 'Abo',
    p.pro_until &&
      (p.pro_until >= today
        ? `freigeschaltet bis ${formatDay(p.pro_until)}`
        : `Freischaltung endete am ${formatDay(p.pro_until)}`),
  ].filter(Boolean);
  return sources.length > 0 ? ` (${sources.join(', ')})` : '';
}

/** An admin's change of a podcast's plan: trial length and Pro through a day, with a reason. */
function PlanForm({ podcast }: { podcast: AdminPodcast }) {
  const save = useSavePlan(podcast.id);
  const form = useForm(adminPlanForm, save);
  return (
    <details className="mt-2">
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-brand-800">
        Plan ändern
      </summary>
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="mt-2 space-y-3"
        aria-label={`Plan von ${podcast.title}`}
      >
        {form.message && <Banner tone="error">{form.message}</Banner>}
        {save.isSuccess && !form.message && <Banner tone="success">Plan gespeichert.</Banner>}
        <TextField
          label="Testzeitraum in Tagen"
          name="trial_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_TRIAL_DAYS}
          defaultValue={podcast.trial_days}
          error={form.errors.trial_days}
        />
        <TextField
          label="Studio Pro freischalten bis"
          name="pro_until"
          type="date"
          defaultValue={podcast.pro_until ?? ''}
          hint="Leer lassen, um keine Freischaltung zu geben."
          error={form.errors.pro_until}
        />
        <TextareaField
          label="Grund"
          name="reason"
          rows={2}
          defaultValue={podcast.pro_reason ?? ''}
          error={form.errors.reason}
        />
        <Button pending={form.pending}>Plan speichern</Button>
      </form>
    </details>
  );
}

/** /nova/users: search by address or name, page through, open one. */
export function UsersPage() {
  useDocumentTitle('Nutzer*innen – Administration');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useQuery({ ...usersQueryOptions(q, page), placeholderData: keepPreviousData });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Nutzer*innen</h1>
      <SearchForm
        label="E-Mail-Adresse oder Name"
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      {users.isError && <Banner tone="error">{apiError(users.error).message}</Banner>}
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {users.data?.data.map((u) => (
          <li key={u.id}>
            <Link
              to="/nova/users/$id"
              params={{ id: String(u.id) }}
              className="flex min-h-14 flex-col justify-center px-4 py-2 hover:bg-slate-50"
            >
              <span className="font-medium break-all text-slate-900">{u.email}</span>
              <span className="text-sm text-slate-600">
                {u.name ?? 'Ohne Name'} · {u.role.trans}
                {!u.verified && ' · nicht bestätigt'}
                {u.granted && ' · lebenslanger Zugang'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Paginator meta={users.data?.meta} onPage={setPage} label="Seiten der Nutzer*innen" />
    </div>
  );
}

/** /nova/users/{id}: role, verification mail, podcasts with their plan. */
export function UserPage({ id }: { id: number }) {
  const user = useQuery(userQueryOptions(id));
  const setRole = useSetRole(id);
  const resend = useResendVerification(id);
  useDocumentTitle(`${user.data?.email ?? 'Nutzer*in'} – Administration`);
  if (user.isPending) return <p className="text-slate-700">Lade …</p>;
  if (user.isError) return <Banner tone="error">{apiError(user.error).message}</Banner>;
  const u = user.data;

  function saveRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get('role')) as 'user';
    setRole.mutate({ role });
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to="/nova/users" className="text-sm font-medium text-brand-800 underline">
          Zurück zur Liste
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-all text-slate-900">{u.email}</h1>
        <p className="text-slate-700">
          {u.name ?? 'Ohne Name'} · registriert am {dateTime.format(new Date(u.created_at))}
          {u.granted && ' · lebenslanger Zugang'}
        </p>
      </div>

      <form onSubmit={saveRole} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Rolle</h2>
        {setRole.isError && <Banner tone="error">{apiError(setRole.error).message}</Banner>}
        {setRole.isSuccess && <Banner tone="success">Rolle gespeichert.</Banner>}
        <SelectField
          label="Rolle"
          name="role"
          options={userRole.labels}
          defaultValue={u.role.key}
          key={u.role.key}
        />
        <Button pending={setRole.isPending}>Rolle speichern</Button>
      </form>

      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">E-Mail-Bestätigung</h2>
        <p className="text-slate-700">
          {u.verified ? 'Die Adresse ist bestätigt.' : 'Die Adresse ist noch nicht bestätigt.'}
        </p>
        {resend.isError && <Banner tone="error">{apiError(resend.error).message}</Banner>}
        {resend.isSuccess && <Banner tone="success">{resend.data.message}</Banner>}
        <Button
          variant="secondary"
          pending={resend.isPending}
          disabled={resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          Bestätigungs-E-Mail erneut senden
        </Button>
      </section>

      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Podcasts ({u.podcasts.length})</h2>
        {u.podcasts.length === 0 ? (
          <p className="mt-2 text-slate-700">Keine Podcasts.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {u.podcasts.map((p) => (
              <li key={p.id} className="py-2">
                <span className="font-medium text-slate-900">{p.title}</span>
                <span className="block text-sm text-slate-600">
                  {p.role} · {planLabel(p)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /nova/podcasts: every podcast with its owner and plan. */
export function PodcastsPage() {
  useDocumentTitle('Podcasts – Administration');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const podcasts = useQuery({ ...podcastsQueryOptions(q, page), placeholderData: keepPreviousData });
  const today = berlinDate(new Date());
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Podcasts</h1>
      <SearchForm
        label="Titel"
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      {podcasts.isError && <Banner tone="error">{apiError(podcasts.error).message}</Banner>}
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {podcasts.data?.data.map((p) => (
          <li key={p.id} className="px-4 py-3">
            <span className="font-medium text-slate-900">{p.title}</span>
            <span className="block text-sm break-all text-slate-600">
              {p.owner_email ?? 'ohne Inhaber*in'} · {planLabel(p)}
              {planSource(p, today)} · angelegt am {dateTime.format(new Date(p.created_at))}
            </span>
            {p.pro_reason && <span className="block text-sm text-slate-600">Grund: {p.pro_reason}</span>}
            <PlanForm podcast={p} />
          </li>
        ))}
      </ul>
      <Paginator meta={podcasts.data?.meta} onPage={setPage} label="Seiten der Podcasts" />
    </div>
  );
}
