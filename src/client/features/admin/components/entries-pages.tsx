// /nova's editorial lists: changelog, roadmap, logbook advices, sets. Each entry opens into its
// form; a new changelog, roadmap or logbook entry is written at the top.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  adminAdviceForm,
  adminChangelogForm,
  adminCompilationForm,
  adminRoadmapForm,
} from '../../../../shared/admin.ts';
import { compilationType } from '../../../../shared/vocabulary.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import {
  advicesQueryOptions,
  changelogQueryOptions,
  compilationsQueryOptions,
  roadmapQueryOptions,
  useSaveAdvice,
  useSaveChangelog,
  useSaveCompilation,
  useSaveRoadmap,
  useDeleteEntry,
} from '../api/nova-api.ts';

/** 'Eintrag löschen', asked once more before it deletes. */
function DeleteEntry({ path }: { path: string }) {
  const remove = useDeleteEntry(path);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button type="button" variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
        Eintrag löschen
      </Button>
    );
  return (
    <div role="group" aria-label="Eintrag löschen?" className="mt-4 space-y-3 rounded-xl bg-red-50 p-3">
      <p className="text-red-950">
        Diesen Eintrag wirklich löschen? Er verschwindet auch von den öffentlichen Seiten.
      </p>
      {remove.isError && <Banner tone="error">{apiError(remove.error).message}</Banner>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" pending={remove.isPending} onClick={() => remove.mutate(undefined)}>
          Ja, löschen
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
          Abbrechen
        </Button>
      </div>
    </div>
  );
}

function Entry({
  summary,
  edited,
  deletePath,
  children,
}: {
  summary: string;
  edited: boolean;
  /** Entries that may be deleted (not sets): the DELETE path. */
  deletePath?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <details className="group rounded-2xl border border-slate-200 bg-white">
        <summary className="flex min-h-12 cursor-pointer items-center gap-2 px-4 py-2 font-medium text-slate-900">
          <span className="grow">{summary}</span>
          {edited && <span className="text-sm font-normal text-slate-600">bearbeitet</span>}
        </summary>
        <div className="border-t border-slate-200 p-4">
          {children}
          {deletePath && <DeleteEntry path={deletePath} />}
        </div>
      </details>
    </li>
  );
}

function ListFrame({ title, error, children }: { title: string; error: unknown; children: ReactNode }) {
  useDocumentTitle(`${title} – Administration`);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {error ? <Banner tone="error">{apiError(error).message}</Banner> : null}
      {children}
    </div>
  );
}

type ChangelogValues = { title: string; release: string; released_at: string; content: string };

function ChangelogForm({ id, values }: { id?: number; values?: ChangelogValues }) {
  const save = useSaveChangelog(id);
  const form = useForm(adminChangelogForm, save, { onSuccess: (_, el) => id === undefined && el.reset() });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-3">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {save.isSuccess && <Banner tone="success">Gespeichert.</Banner>}
      <TextField label="Titel" name="title" defaultValue={values?.title} error={form.errors.title} />
      <TextField
        label="Version"
        name="release"
        defaultValue={values?.release}
        placeholder="1.4.0"
        error={form.errors.release}
      />
      <TextField
        label="Veröffentlicht am"
        name="released_at"
        type="date"
        defaultValue={values?.released_at}
        error={form.errors.released_at}
      />
      <TextareaField
        label="Text (Markdown)"
        name="content"
        defaultValue={values?.content}
        error={form.errors.content}
      />
      <Button pending={form.pending}>{id === undefined ? 'Eintrag anlegen' : 'Speichern'}</Button>
    </form>
  );
}

export function ChangelogAdminPage() {
  const list = useQuery(changelogQueryOptions());
  return (
    <ListFrame title="Changelog" error={list.error}>
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Neuer Eintrag</h2>
        <ChangelogForm />
      </section>
      <ul className="space-y-2">
        {list.data?.map((c) => (
          <Entry
            key={c.id}
            summary={`${c.release} · ${c.title}`}
            edited={c.edited_at !== null}
            deletePath={`api/nova/changelog/${c.id}`}
          >
            <ChangelogForm id={c.id} values={c} />
          </Entry>
        ))}
      </ul>
    </ListFrame>
  );
}

function RoadmapForm({
  id,
  values,
}: {
  id?: number;
  values?: { title: string; content: string; position: number };
}) {
  const save = useSaveRoadmap(id);
  const form = useForm(adminRoadmapForm, save, { onSuccess: (_, el) => id === undefined && el.reset() });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-3">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {save.isSuccess && <Banner tone="success">Gespeichert.</Banner>}
      <TextField label="Titel" name="title" defaultValue={values?.title} error={form.errors.title} />
      <TextareaField
        label="Text (Markdown)"
        name="content"
        defaultValue={values?.content}
        error={form.errors.content}
      />
      <TextField
        label="Reihenfolge"
        name="position"
        inputMode="numeric"
        defaultValue={values?.position ?? 0}
        error={form.errors.position}
      />
      <Button pending={form.pending}>{id === undefined ? 'Eintrag anlegen' : 'Speichern'}</Button>
    </form>
  );
}

export function RoadmapAdminPage() {
  const list = useQuery(roadmapQueryOptions());
  return (
    <ListFrame title="Roadmap" error={list.error}>
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Neuer Eintrag</h2>
        <RoadmapForm />
      </section>
      <ul className="space-y-2">
        {list.data?.map((r) => (
          <Entry
            key={r.id}
            summary={r.title}
            edited={r.edited_at !== null}
            deletePath={`api/nova/roadmap/${r.id}`}
          >
            <RoadmapForm id={r.id} values={r} />
          </Entry>
        ))}
      </ul>
    </ListFrame>
  );
}

function AdviceForm({ id, content }: { id?: number; content?: string }) {
  const save = useSaveAdvice(id);
  const form = useForm(adminAdviceForm, save, { onSuccess: (_, el) => id === undefined && el.reset() });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-3">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {save.isSuccess && <Banner tone="success">Gespeichert.</Banner>}
      <TextareaField label="Text" name="content" defaultValue={content} error={form.errors.content} />
      <Button pending={form.pending}>{id === undefined ? 'Eintrag anlegen' : 'Speichern'}</Button>
    </form>
  );
}

export function AdvicesAdminPage() {
  const list = useQuery(advicesQueryOptions());
  return (
    <ListFrame title="Logbuch" error={list.error}>
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Neuer Eintrag</h2>
        <AdviceForm />
      </section>
      <ul className="space-y-2">
        {list.data?.map((a) => (
          <Entry
            key={a.id}
            summary={`${a.id}. ${a.content.slice(0, 80)}${a.content.length > 80 ? ' …' : ''}`}
            edited={a.edited_at !== null}
            deletePath={`api/nova/advices/${a.id}`}
          >
            <AdviceForm id={a.id} content={a.content} />
          </Entry>
        ))}
      </ul>
    </ListFrame>
  );
}

type CompilationValues = {
  id: number;
  title: string;
  emoji: string;
  type: string;
  description: string;
  practices: number[];
};

function CompilationForm({ values }: { values: CompilationValues }) {
  const save = useSaveCompilation(values.id);
  const [practices, setPractices] = useState(values.practices.join(', '));
  const form = useForm(adminCompilationForm, save, {
    extra: () => {
      const ids = practices
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((v) => (/^\d+$/.test(v) ? Number(v) : v));
      return { practices: ids };
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-3">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {save.isSuccess && <Banner tone="success">Gespeichert.</Banner>}
      <TextField label="Titel" name="title" defaultValue={values.title} error={form.errors.title} />
      <TextField label="Emoji" name="emoji" defaultValue={values.emoji} error={form.errors.emoji} />
      <SelectField label="Art" name="type" options={compilationType.labels} defaultValue={values.type} />
      <TextareaField
        label="Beschreibung"
        name="description"
        defaultValue={values.description}
        error={form.errors.description}
      />
      <TextField
        label="Methoden (Nummern, durch Komma getrennt)"
        name="practices"
        value={practices}
        onChange={(e) => setPractices(e.target.value)}
        error={form.errors.practices}
      />
      <Button pending={form.pending}>Speichern</Button>
    </form>
  );
}

export function CompilationsAdminPage() {
  const list = useQuery(compilationsQueryOptions());
  return (
    <ListFrame title="Sets" error={list.error}>
      <ul className="space-y-2">
        {list.data?.map((c) => (
          <Entry
            key={c.id}
            summary={`${c.emoji} ${c.title} (${compilationType.labels[c.type]}, ${c.practices.length} Methoden)`}
            edited={c.edited_at !== null}
          >
            <CompilationForm values={c} />
          </Entry>
        ))}
      </ul>
    </ListFrame>
  );
}
