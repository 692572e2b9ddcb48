import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import Markdown from 'react-markdown';
import { z } from 'zod';
import { adminPracticeForm, type AdminPractice } from '../../../../shared/admin.ts';
import type { FieldErrors } from '../../../../shared/api.ts';
import type { PracticeContextData, PracticeRatingData } from '../../../../shared/content.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { FieldError } from '../../../components/text-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { CHECK_FIELDS_MESSAGE } from '../../../lib/forms.ts';
import { practiceQueryOptions, practicesQueryOptions, useSavePractice } from '../api/nova-api.ts';
import { dateTime } from './nova-layout.tsx';
import {
  ActionsSection,
  Check,
  ContextSection,
  RatingSection,
  type Action,
} from './practice-editor-sections.tsx';

/** /nova/practices: every method, edited ones marked. */
export function PracticesPage() {
  useDocumentTitle('Methoden – Administration');
  const practices = useQuery(practicesQueryOptions());
  const [filter, setFilter] = useState('');
  const shown = practices.data?.filter((p) => p.title.toLowerCase().includes(filter.toLowerCase())) ?? [];
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Methoden</h1>
      <TextField
        label="Methoden filtern"
        name="filter"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {practices.isError && <Banner tone="error">{apiError(practices.error).message}</Banner>}
      {practices.isPending && <p className="text-slate-700">Lade Methoden...</p>}
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {shown.map((p) => (
          <li key={p.id}>
            <Link
              to="/nova/practices/$id"
              params={{ id: String(p.id) }}
              className="flex min-h-12 items-center gap-3 px-4 py-2 hover:bg-slate-50"
            >
              <span aria-hidden="true">{p.emoji}</span>
              <span className="grow font-medium text-slate-900">
                {p.id}. {p.title}
              </span>
              {p.edited_at && <span className="text-sm text-slate-600">bearbeitet</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /nova/practices/{id}: every field of a method; the description in markdown with a preview. */
export function PracticeEditor({ id }: { id: number }) {
  const practice = useQuery(practiceQueryOptions(id));
  useDocumentTitle(`${practice.data?.title ?? 'Methode'} bearbeiten – Administration`);
  if (practice.isPending) return <p className="text-slate-700">Lade Methode …</p>;
  if (practice.isError) return <Banner tone="error">{apiError(practice.error).message}</Banner>;
  return <PracticeForm key={practice.data.id} practice={practice.data} />;
}

function PracticeForm({ practice }: { practice: AdminPractice }) {
  const save = useSavePractice(practice.id);
  const [values, setValues] = useState(() => ({
    title: practice.title,
    claim: practice.claim,
    teaser: practice.teaser,
    emoji: practice.emoji,
    description: practice.description,
    keywords: practice.keywords,
  }));
  const [context, setContext] = useState<PracticeContextData | null>(
    practice.context as PracticeContextData | null,
  );
  const [rating, setRating] = useState<PracticeRatingData | null>(
    practice.rating as PracticeRatingData | null,
  );
  const [actions, setActions] = useState<Action[]>(practice.actions);
  const [preview, setPreview] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>();
  const server = save.isError ? apiError(save.error) : undefined;
  const errors = clientErrors ?? server?.errors ?? {};

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = adminPracticeForm.safeParse({ ...values, context, rating, actions });
    if (!result.success) {
      save.reset();
      setClientErrors(z.flattenError(result.error).fieldErrors as FieldErrors);
      return;
    }
    setClientErrors(undefined);
    save.mutate(result.data);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div>
        <Link to="/nova/practices" className="text-sm font-medium text-brand-800 underline">
          Zurück zur Liste
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Methode {practice.id} bearbeiten</h1>
        <p className="text-sm text-slate-600">
          {practice.edited_at
            ? `Zuletzt in der Administration bearbeitet am ${dateTime.format(new Date(practice.edited_at))}. Die Inhaltsdateien überschreiben diese Methode nicht mehr.`
            : 'Stand der Inhaltsdateien. Nach dem Speichern überschreiben die Dateien diese Methode nicht mehr.'}
        </p>
      </div>
      {clientErrors && <Banner tone="error">{CHECK_FIELDS_MESSAGE}</Banner>}
      {server && <Banner tone="error">{server.message}</Banner>}
      {save.isSuccess && <Banner tone="success">Methode gespeichert.</Banner>}

      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold text-slate-900">Überblick</h2>
        <TextField
          label="Titel"
          name="title"
          value={values.title}
          onChange={set('title')}
          error={errors.title}
        />
        <TextField
          label="Claim"
          name="claim"
          value={values.claim}
          onChange={set('claim')}
          error={errors.claim}
        />
        <TextareaField
          label="Teaser"
          name="teaser"
          value={values.teaser}
          onChange={set('teaser')}
          error={errors.teaser}
        />
        <TextField
          label="Emoji"
          name="emoji"
          value={values.emoji}
          onChange={set('emoji')}
          error={errors.emoji}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Stichwörter</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {practice.all_keywords.map((k) => (
              <Check
                key={k.handle}
                name={`keyword-${k.handle}`}
                label={k.title}
                checked={values.keywords.includes(k.handle)}
                onChange={(checked) =>
                  setValues((v) => ({
                    ...v,
                    keywords: checked ? [...v.keywords, k.handle] : v.keywords.filter((h) => h !== k.handle),
                  }))
                }
              />
            ))}
          </div>
          {errors.keywords?.[0] && <FieldError id="keywords-error" message={errors.keywords[0]} />}
        </fieldset>
      </section>

      <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Beschreibung (Markdown)</h2>
          <Button
            type="button"
            variant="secondary"
            aria-pressed={preview}
            onClick={() => setPreview((p) => !p)}
          >
            {preview ? 'Bearbeiten' : 'Vorschau'}
          </Button>
        </div>
        {preview ? (
          <div
            aria-label="Vorschau der Beschreibung"
            role="region"
            className="space-y-3 rounded-xl border border-slate-200 p-4 text-slate-800 [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
          >
            <Markdown>{values.description}</Markdown>
          </div>
        ) : (
          <TextareaField
            label="Beschreibung"
            name="description"
            rows={16}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
          />
        )}
      </section>

      <ContextSection context={context} setContext={setContext} error={errors.context?.[0]} />
      <RatingSection rating={rating} setRating={setRating} />
      <ActionsSection actions={actions} setActions={setActions} error={errors.actions?.[0]} />

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3">
        <Button pending={save.isPending}>Methode speichern</Button>
      </div>
    </form>
  );
}
