import { useId, type ComponentProps, type ReactNode } from 'react';

type Props = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  name: string;
  /** All messages for this field; only the first is shown (§5). */
  error?: string[];
  /** Below the field; may hold a link. */
  hint?: ReactNode;
};

export const inputClass =
  'block w-full min-h-11 rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 ' +
  'placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

export function TextField({ label, name, error, hint, type = 'text', className = '', ...props }: Props) {
  const id = useId();
  const message = error?.[0];
  const described = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={message ? true : undefined}
        aria-describedby={described || undefined}
        className={`${inputClass} ${message ? 'border-red-600' : 'border-slate-300'}`}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
