import { PASSWORD_MIN } from '../../shared/account.ts';
import type { FieldErrors } from '../../shared/api.ts';
import { TextField } from './text-field.tsx';

/** A new password and its confirmation, as registration, reset and settings ask for them. */
export function NewPasswordFields({
  errors,
  label = 'Neues Passwort',
}: {
  errors: FieldErrors;
  label?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={`Mindestens ${PASSWORD_MIN} Zeichen`}
        error={errors.password}
      />
      <TextField
        label={`${label} wiederholen`}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation}
      />
    </>
  );
}
