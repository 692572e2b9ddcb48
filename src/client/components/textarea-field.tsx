import { useId, type ComponentProps } from 'react';
import { FieldError, inputClass } from './text-field.tsx';

type Props = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  name: string;
  /** All messages for this field; only the first is shown (§5). */
  error?: string[];
  hint?: string;
};

/** A multi-line text field; 5 rows as §9 says for text areas. */
export function TextareaField({ label, name, error, hint, rows = 5, ...props }: Props) {
  const id = useId();
  const message = error?.[0];
  const described = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name={name}
        rows={rows}
        aria-invalid={message ? true : undefined}
        aria-describedby={described || undefined}
        className={`${inputClass} ${message ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      />
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}
