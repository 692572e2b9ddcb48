import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FieldErrors } from '../../../../shared/api.ts';
import { podcastFormSchema, type Podcast } from '../../../../shared/podcasts.ts';
import { SelectField } from '../../../components/select-field.tsx';
import { FieldError, TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useCategories } from '../api/get-categories.ts';
import type { PodcastFormData } from '../api/podcast-body.ts';

type Pair = [string, string];

/**
 * The podcast form (§3: title, name, author, two categories, links) wired to a create or update
 * mutation. The two category selects are controlled: FormData would keep only one of them.
 */
export function usePodcastForm<R>(
  mutation: UseMutationResult<R, Error, PodcastFormData>,
  { podcast, onSuccess }: { podcast?: Podcast; onSuccess?: (result: R) => void },
) {
  const [categories, setCategories] = useState<Pair>(() => [
    String(podcast?.category_id[0] ?? ''),
    String(podcast?.category_id[1] ?? ''),
  ]);
  const form = useForm(podcastFormSchema, mutation, {
    extra: () => ({ category_id: categories.filter(Boolean).map(Number) }),
    onSuccess,
  });
  const fields = { errors: form.errors, categories, onCategoriesChange: setCategories };
  return { form, fields };
}

type FieldsProps = {
  podcast?: Podcast;
  /** Title for a new podcast (the one typed at registration). */
  defaultTitle?: string;
  errors: FieldErrors;
  categories: Pair;
  onCategoriesChange: (categories: Pair) => void;
};

/** The inputs of the podcast form; the screen around it brings the <form> and its buttons. */
export function PodcastFields({
  podcast,
  defaultTitle,
  errors,
  categories,
  onCategoriesChange,
}: FieldsProps) {
  return (
    <div className="space-y-5">
      <TextField
        label="Titel"
        name="title"
        autoComplete="off"
        defaultValue={podcast?.title ?? defaultTitle}
        hint="Ein Arbeitstitel genügt, du kannst ihn jederzeit ändern."
        error={errors.title}
      />
      <CategoryFields errors={errors} categories={categories} onCategoriesChange={onCategoriesChange} />
      <TextField
        label="Anzeigename (optional)"
        name="name"
        autoComplete="off"
        defaultValue={podcast?.name ?? ''}
        hint="Falls dein Podcast anders heißen soll, als der Titel sagt."
        error={errors.name}
      />
      <TextField
        label="Autor*in (optional)"
        name="author"
        autoComplete="off"
        defaultValue={podcast?.author ?? ''}
        error={errors.author}
      />
      <TextField
        label="Website (optional)"
        name="web_uri"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={podcast?.web_uri ?? ''}
        error={errors.web_uri}
      />
      <TextField
        label="RSS-Feed (optional)"
        name="rss_uri"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={podcast?.rss_uri ?? ''}
        error={errors.rss_uri}
      />
    </div>
  );
}

/** 'Choose two' (§5): two selects, one message for the pair under both. */
function CategoryFields({
  errors,
  categories: [first, second],
  onCategoriesChange,
}: Pick<FieldsProps, 'errors' | 'categories' | 'onCategoriesChange'>) {
  const id = useId();
  const options = Object.fromEntries((useCategories().data ?? []).map((c) => [String(c.id), c.display]));
  const message = errors.category_id?.[0];
  const invalid = {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': [`${id}-hint`, message && `${id}-error`].filter(Boolean).join(' '),
  } as const;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Kategorien</legend>
      <p id={`${id}-hint`} className="mt-0.5 mb-2 text-sm text-slate-600">
        Wähle die zwei Kategorien, die deinen Podcast am besten beschreiben.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Erste Kategorie"
          name="category_id"
          options={options}
          placeholder="Bitte wählen"
          value={first}
          onChange={(event) => onCategoriesChange([event.target.value, second])}
          {...invalid}
        />
        <SelectField
          label="Zweite Kategorie"
          name="category_id"
          options={options}
          placeholder="Bitte wählen"
          value={second}
          onChange={(event) => onCategoriesChange([first, event.target.value])}
          {...invalid}
        />
      </div>
      {message && <FieldError id={`${id}-error`} message={message} />}
    </fieldset>
  );
}
