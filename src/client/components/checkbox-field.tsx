import { Checkbox, Label } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { FieldError } from './text-field.tsx';

// Controlled: the form reads the state through useForm's `extra`, not through FormData.

type Props = {
  /** Names the field for the form's error handling (lib/forms.ts); the state still comes from `checked`. */
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string[];
};

export function CheckboxField({ name, checked, onCheckedChange, children, error }: Props) {
  const id = useId();
  const message = error?.[0];
  return (
    <div>
      <div className="flex items-start gap-3">
        <Checkbox.Root
          id={id}
          name={name}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          // A 44 px touch target around the 24 px box; the negative margins keep the layout.
          className="group -mx-2.5 -mt-2 -mb-2.5 flex size-11 shrink-0 items-center justify-center rounded-lg"
        >
          <span
            className={
              'flex size-6 items-center justify-center rounded-md border-2 bg-white ' +
              'group-data-[state=checked]:border-brand-700 group-data-[state=checked]:bg-brand-700 ' +
              (message ? 'border-red-600' : 'border-slate-400')
            }
          >
            <Checkbox.Indicator className="text-white">
              <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
            </Checkbox.Indicator>
          </span>
        </Checkbox.Root>
        <Label.Root htmlFor={id} className="text-sm leading-6 text-slate-800">
          {children}
        </Label.Root>
      </div>
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}
