import { useId, type ComponentProps } from 'react';
import { FieldError, inputClass } from './text-field.tsx';

type Props = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  name: string;
  options: Record<string, string>;
  /** Label of the empty choice; without it a value is required. */
  placeholder?: string;
  error?: string[];
};

/** A native select: the phone's own picker is the most usable one there. */
export function SelectField({ label, name, options, placeholder, error, ...props }: Props) {
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
        aria-describedby={message ? `${id}-error` : undefined}
        className={`${inputClass} ${message ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}
