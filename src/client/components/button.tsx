import type { ComponentProps } from 'react';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-base font-semibold ' +
  'transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-brand-800 hover:bg-brand-50',
} as const;

export type ButtonVariant = keyof typeof variants;

/** The classes of a button, for links that look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`;
}

type Props = ComponentProps<'button'> & { variant?: ButtonVariant; pending?: boolean };

export function Button({
  variant = 'primary',
  pending,
  className = '',
  disabled,
  children,
  ...props
}: Props) {
  return (
    <button
      type="submit"
      {...props}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, className)}
    >
      {children}
    </button>
  );
}
