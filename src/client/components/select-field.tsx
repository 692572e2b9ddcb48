import { useId, type ComponentProps } from 'react';
import { FieldError, inputClass } from './text-field.tsx';

type Props = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  name: string;
  options: Record<string, string>;
  /** Label of the empty choice; without it a value is required. */
  placeholder?: string;
  error?: string[];
  /** A short note below the field, read with it (e.g. why it is disabled). */
  hint?: string;
};

/** A native select: the phone's own picker is the most usable one there. */
export function SelectField({ label, name, options, placeholder, error, hint, ...props }: Props) {
  const id = useId();
  const message = error?.[0];
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={
          [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined
        }
        className={`${inputClass} ${message ? 'border-red-600' : 'border-slate-300'} disabled:cursor-not-allowed disabled:border-dashed disabled:bg-slate-100 disabled:text-slate-500`}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}
