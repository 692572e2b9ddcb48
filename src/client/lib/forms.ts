// Client-side form handling: parse with the shared zod schema, show the first error per field,
// then show the server's message and field errors the same way (§5).
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { FieldErrors } from '../../shared/api.ts';
// German messages for the zod issues that have none of their own.
import '../../shared/zod-locale.ts';
import { apiError } from '../api/errors.ts';

export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

type Options<R> = {
  /** Values that are not plain inputs (checkbox states). */
  extra?: () => Record<string, unknown>;
  onSuccess?: (result: R, form: HTMLFormElement) => void;
};

/**
 * Wires a form to a mutation. Errors: the client's own until the next submit, else the server's.
 */
export function useForm<S extends z.ZodType, R>(
  schema: S,
  mutation: UseMutationResult<R, Error, z.output<S>>,
  { extra, onSuccess }: Options<R> = {},
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors>();
  const server = mutation.isError ? apiError(mutation.error) : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = schema.safeParse({ ...formValues(form), ...extra?.() });
    if (!result.success) {
      mutation.reset();
      setClientErrors(z.flattenError(result.error).fieldErrors as FieldErrors);
      focusFirstInvalid(form);
      return;
    }
    setClientErrors(undefined);
    mutation.mutate(result.data, {
      onError: () => focusFirstInvalid(form),
      onSuccess: (value) => onSuccess?.(value, form),
    });
  }

  return {
    onSubmit,
    errors: clientErrors ?? server?.errors ?? {},
    message: server?.message,
    pending: mutation.isPending,
  };
}
