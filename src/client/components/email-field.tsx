import type { FieldErrors } from '../../shared/api.ts';
import { TextField } from './text-field.tsx';

/** The e-mail address field of the account forms (login, registration, reset, settings). */
export function EmailField({ errors, defaultValue }: { errors: FieldErrors; defaultValue?: string }) {
  return (
    <TextField
      label="E-Mail-Adresse"
      name="email"
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
      error={errors.email}
    />
  );
}
