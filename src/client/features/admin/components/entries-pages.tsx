// /nova's editorial lists: changelog, roadmap, logbook advices, sets. Each entry opens into its
// form; a new changelog, roadmap or logbook entry is written at the top.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  adminAdviceForm,
  adminChangelogForm,
  adminCompilationForm,
  adminRoadmapForm,
} from '../../../../shared/admin.ts';
import { compilationType } from '../../../../shared/vocabulary.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
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
} from '../api/nova-api.ts';
import { Entry, ListFrame } from './entry-parts.tsx';

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
