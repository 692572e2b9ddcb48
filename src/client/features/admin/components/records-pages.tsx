// /nova's records: feedback received, crowdfunding access codes, the audit log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCodesForm } from '../../../../shared/admin.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { Paginator } from '../../../components/paginator.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import {
  auditQueryOptions,
  codesQueryOptions,
  feedbackQueryOptions,
  useCreateCodes,
} from '../api/nova-api.ts';
import { dateTime } from './nova-layout.tsx';

const when = (iso: string) => dateTime.format(new Date(iso));

export function FeedbackAdminPage() {
  useDocumentTitle('Feedback – Administration');
  const [page, setPage] = useState(1);
  const feedback = useQuery({ ...feedbackQueryOptions(page), placeholderData: keepPreviousData });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Feedback</h1>
      {feedback.isError && <Banner tone="error">{apiError(feedback.error).message}</Banner>}
      <ul className="space-y-3">
        {feedback.data?.data.map((f) => (
          <li key={f.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="text-sm break-all text-slate-600">
              {when(f.created_at)} · {f.email ?? 'anonym'} · Seite {f.page}
            </p>
            <p className="mt-2 whitespace-pre-line text-slate-900">{f.message}</p>
          </li>
        ))}
      </ul>
      <Paginator meta={feedback.data?.meta} onPage={setPage} label="Seiten des Feedbacks" />
    </div>
  );
}

export function CodesAdminPage() {
  useDocumentTitle('Zugangscodes – Administration');
  const codes = useQuery(codesQueryOptions());
  const create = useCreateCodes();
  const form = useForm(adminCodesForm, create, { onSuccess: (_, el) => el.reset() });
  const redeemed = codes.data?.filter((c) => c.redeemed_at).length ?? 0;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Zugangscodes (Crowdfunding)</h1>
      <p className="text-slate-700">
        Ein Code gibt bei der Registrierung lebenslangen Zugang und lässt sich einmal einlösen.
      </p>
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 className="text-lg font-semibold text-slate-900">Codes erzeugen</h2>
        {form.message && <Banner tone="error">{form.message}</Banner>}
        {create.isSuccess && (
          <Banner tone="success">
            {create.data.data.length} neue Codes: {create.data.data.map((c) => c.code).join(', ')}
          </Banner>
        )}
        <TextField
          label="Anzahl"
          name="count"
          inputMode="numeric"
          defaultValue="10"
          error={form.errors.count}
        />
        <TextField label="Notiz (optional)" name="note" error={form.errors.note} />
        <Button pending={form.pending}>Codes erzeugen</Button>
      </form>
      {codes.isError && <Banner tone="error">{apiError(codes.error).message}</Banner>}
      <section>
        <h2 className="text-lg font-semibold text-slate-900">
          Alle Codes ({codes.data?.length ?? 0}, davon {redeemed} eingelöst)
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {codes.data?.map((c) => (
            <li key={c.code} className="px-4 py-2">
              <span className="font-mono font-medium text-slate-900">{c.code}</span>
              <span className="block text-sm break-all text-slate-600">
                {c.redeemed_at
                  ? `eingelöst am ${when(c.redeemed_at)} von ${c.redeemed_by ?? 'einem gelöschten Konto'}`
                  : 'offen'}
                {c.note && ` · ${c.note}`}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const actionLabels: Record<string, string> = {
  'user.role': 'Rolle geändert',
  'user.verification': 'Bestätigungs-E-Mail gesendet',
  'practice.update': 'Methode bearbeitet',
  'compilation.update': 'Set bearbeitet',
  'advice.create': 'Logbuch-Eintrag angelegt',
  'advice.update': 'Logbuch-Eintrag bearbeitet',
  'changelog.create': 'Changelog-Eintrag angelegt',
  'changelog.update': 'Changelog-Eintrag bearbeitet',
  'roadmap.create': 'Roadmap-Eintrag angelegt',
  'roadmap.update': 'Roadmap-Eintrag bearbeitet',
  'advice.delete': 'Logbuch-Eintrag gelöscht',
  'changelog.delete': 'Changelog-Eintrag gelöscht',
  'roadmap.delete': 'Roadmap-Eintrag gelöscht',
  'codes.create': 'Zugangscodes erzeugt',
  'podcast.plan': 'Plan geändert',
};

export function AuditPage() {
  useDocumentTitle('Protokoll – Administration');
  const [page, setPage] = useState(1);
  const log = useQuery({ ...auditQueryOptions(page), placeholderData: keepPreviousData });
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Protokoll</h1>
      <p className="text-slate-700">Jede Änderung in der Administration: wer, was, wann.</p>
      {log.isError && <Banner tone="error">{apiError(log.error).message}</Banner>}
      <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {log.data?.data.map((e) => (
          <li key={e.id} className="px-4 py-3">
            <p className="font-medium text-slate-900">
              {actionLabels[e.action] ?? e.action} ({e.subject_type} {e.subject_id})
            </p>
            <p className="text-sm break-all text-slate-600">
              {when(e.created_at)} · {e.user_email}
            </p>
            {e.details !== '{}' && (
              <p className="mt-1 font-mono text-xs break-all text-slate-700">{e.details}</p>
            )}
          </li>
        ))}
      </ol>
      <Paginator meta={log.data?.meta} onPage={setPage} label="Seiten des Protokolls" />
    </div>
  );
}
