// The podcast form (§3 Podcast, §7 POST/PUT /api/podcasts): podcast.edit.general and the
// onboarding's confirm step. The caller brings the mutation (create or update) and the buttons.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { podcastFormSchema, type Podcast } from '../../../../shared/podcasts.ts';
import { Banner } from '../../../components/banner.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useCategories } from '../api/get-categories.ts';

export type PodcastFormValues = z.output<typeof podcastFormSchema>;
type Defaults = Partial<Pick<Podcast, 'title' | 'name' | 'author' | 'category_id' | 'rss_uri' | 'web_uri'>>;

type Props<R> = {
  /** The values the fields start with (the podcast being edited, or an imported one). */
  podcast?: Defaults | null;
  mutation: UseMutationResult<R, Error, PodcastFormValues>;
  onSuccess?: (result: R) => void;
  /** Shows the data without letting it change (roles without 'podcast.update'). */
  readOnly?: boolean;
  /** Shown above the fields after a successful save, e.g. a success banner. */
  status?: ReactNode;
  /** The form's buttons; a plain <Button> submits. */
  children?: ReactNode;
};

/** 'Choose two' (§5) as two selects: the phone's own picker, and each choice has its label. */
function CategoryFields({
  value,
  onChange,
  error,
}: {
  value: [string, string];
  onChange: (value: [string, string]) => void;
  error?: string[];
}) {
  const categories = useCategories().data ?? [];
  const options = Object.fromEntries(categories.map((c) => [String(c.id), c.display]));
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Kategorien (wähle zwei)</legend>
      <SelectField
        label="Erste Kategorie"
        name="category_id"
        options={options}
        placeholder="Bitte wählen"
        value={value[0]}
        onChange={(e) => onChange([e.target.value, value[1]])}
        error={error}
      />
      <SelectField
        label="Zweite Kategorie"
        name="category_id_second"
        options={options}
        placeholder="Bitte wählen"
        value={value[1]}
        onChange={(e) => onChange([value[0], e.target.value])}
      />
    </fieldset>
  );
}

const initialCategories = (ids: number[] | undefined): [string, string] => [
  ids?.[0] ? String(ids[0]) : '',
  ids?.[1] ? String(ids[1]) : '',
];

/** Fields and validation of a podcast (podcastFormSchema, also checked by the server). */
export function PodcastForm<R>({ podcast, mutation, onSuccess, readOnly, status, children }: Props<R>) {
  const [categories, setCategories] = useState(() => initialCategories(podcast?.category_id));
  const form = useForm(podcastFormSchema, mutation, {
    extra: () => ({ category_id: categories.filter(Boolean).map(Number) }),
    onSuccess: (result) => onSuccess?.(result),
  });

  return (
    <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {status}
      <fieldset disabled={readOnly} className="space-y-5">
        <TextField
          label="Titel"
          name="title"
          autoComplete="off"
          defaultValue={podcast?.title ?? ''}
          hint="Der Arbeitstitel deines Podcasts."
          error={form.errors.title}
        />
        <TextField
          label="Anzeigename (optional)"
          name="name"
          autoComplete="off"
          defaultValue={podcast?.name ?? ''}
          hint="Ein anderer Titel, unter dem dein Podcast erscheint."
          error={form.errors.name}
        />
        <TextField
          label="Autor*in (optional)"
          name="author"
          autoComplete="off"
          defaultValue={podcast?.author ?? ''}
          error={form.errors.author}
        />
        <CategoryFields value={categories} onChange={setCategories} error={form.errors.category_id} />
        <TextField
          label="RSS-Feed (optional)"
          name="rss_uri"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={podcast?.rss_uri ?? ''}
          error={form.errors.rss_uri}
        />
        <TextField
          label="Website (optional)"
          name="web_uri"
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={podcast?.web_uri ?? ''}
          error={form.errors.web_uri}
        />
      </fieldset>
      {children && (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">{children}</div>
      )}
    </form>
  );
}
