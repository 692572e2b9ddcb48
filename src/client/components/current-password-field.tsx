import type { FieldErrors } from '../../shared/api.ts';
import { TextField } from './text-field.tsx';

/** 'Aktuelles Passwort': the proof the server asks for before deleting or changing the account. */
export function CurrentPasswordField({
  errors,
  name = 'password_current',
}: {
  errors: FieldErrors;
  name?: 'password_current' | 'password';
}) {
  return (
    <TextField
      label="Aktuelles Passwort"
      name={name}
      type="password"
      autoComplete="current-password"
      error={errors[name]}
    />
  );
}
