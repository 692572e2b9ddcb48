// Client-side form handling: parse with the shared zod schema, show the first error per field,
// then show the server's message and field errors the same way (§5).
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { ApiError, FieldErrors } from '../../shared/api.ts';
import { apiError } from '../api/errors.ts';

/** The banner's sentence while the fields themselves say what is wrong. */
export const CHECK_FIELDS_MESSAGE = 'Bitte prüfe die markierten Felder.';

/** Names of the fields a user can see in the form (a hidden input shows no error). */
function visibleFields(form: HTMLFormElement): Set<string> {
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    const { name, type } = element as HTMLInputElement;
    if (name && type !== 'hidden') names.add(name);
  }
  return names;
}

/**
 * What the banner says (§5: the banner shows the message, the field its first error). The server's
 * message for a 422 is the first field error (plus '(und n weitere Fehler)'), so where that field
 * is on screen the banner says 'check the marked fields' instead of the same sentence twice.
 * Messages that belong to no visible field (throttling, an invalid link) stay in the banner.
 */
export function bannerMessage(error: ApiError, fields: ReadonlySet<string>): string {
  const repeats = Object.entries(error.errors ?? {}).some(([field, [first]]) => {
    if (!first || !fields.has(field)) return false;
    return error.message === first || error.message.startsWith(`${first} (und `);
  });
  return repeats ? CHECK_FIELDS_MESSAGE : error.message;
}

export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/**
 * Brings the first invalid field into view and focuses it, so a screen reader reads its label and
 * error. Called after React has rendered the errors (an effect): a dialog on a phone scrolled to
 * its button must show the error, and the focus must reach it (Entscheidung LIB-2).
 */
function focusFirstInvalid(form: HTMLFormElement) {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

type Options<R> = {
  /** Values that are not plain inputs (checkbox states). */
  extra?: () => Record<string, unknown>;
  onSuccess?: (result: R, form: HTMLFormElement) => void;
};

/** The first-level field of each issue with its messages (what zod's `flattenError` gives as `fieldErrors`). */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== undefined) (errors[String(field)] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Wires a form to a mutation. Errors: the client's own until the next submit, else the server's.
 * `schema` may be a function that loads it (`() => import('…/shared/x.ts').then((m) => m.xSchema)`):
 * a form on a screen's first paint (an experiment's comment) then loads zod and its schema module
 * only when submitted (Entscheidung LIB-3). This module imports zod by type only; the
 * German messages come with the schema modules (shared/api.ts imports shared/zod-locale.ts).
 */
export function useForm<S extends z.ZodType, R>(
  schema: S | (() => Promise<S>),
  mutation: UseMutationResult<R, Error, z.output<S>>,
  { extra, onSuccess }: Options<R> = {},
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>();
  const [fields, setFields] = useState<ReadonlySet<string>>(new Set());
  const server = mutation.isError ? apiError(mutation.error) : undefined;
  // A failed submit asks for the focus; the effect gives it once its errors are rendered.
  const [failures, setFailures] = useState(0);
  const failed = useRef<HTMLFormElement | null>(null);
  const fail = (form: HTMLFormElement) => {
    failed.current = form;
    setFailures((n) => n + 1);
  };
  useEffect(() => {
    if (failed.current) focusFirstInvalid(failed.current);
    failed.current = null;
  }, [failures]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFields(visibleFields(form));
    const values = { ...formValues(form), ...extra?.() };
    if (typeof schema === 'function') void schema().then((loaded) => submit(form, loaded, values));
    else submit(form, schema, values);
  }

  function submit(form: HTMLFormElement, schema: S, values: Record<string, unknown>) {
    const result = schema.safeParse(values);
    if (!result.success) {
      mutation.reset();
      setClientErrors(fieldErrors(result.error.issues));
      fail(form);
      return;
    }
    setClientErrors(undefined);
    mutation.mutate(result.data, {
      onError: () => fail(form),
      onSuccess: (value) => onSuccess?.(value, form),
    });
  }

  return {
    onSubmit,
    errors: clientErrors ?? server?.errors ?? {},
    // The client's own errors are always on fields of this form.
    message: clientErrors ? CHECK_FIELDS_MESSAGE : server && bannerMessage(server, fields),
    pending: mutation.isPending,
  };
}
