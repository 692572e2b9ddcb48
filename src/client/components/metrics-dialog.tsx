// The evaluation dialog 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?' (§2): one value
// per metric. The podcast's metrics section and an experiment's evaluation both open it; they
// differ only in the button, the sentence above the form and where the values go.
import type { UseMutationResult } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { z } from 'zod';
import { metric, type MetricKey } from '../../shared/vocabulary.ts';
import { useForm } from '../lib/forms.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { useOffline } from './offline-banner.tsx';
import { ConnectionNote, OnlineOnly } from './online-only.tsx';
import { TextField } from './text-field.tsx';

/** What each value measures (§3 Metric set). */
const hints: Record<MetricKey, string> = {
  coverage: 'Wie viele Abonnent*innen hat dein Podcast?',
  throughput: '0–100: An welcher Stelle einer Folge steigen deine Hörer*innen im Schnitt aus?',
  reputation: '0–100: Wie oft wird nach deinem Podcast gesucht?',
  interaction: '0–100: Wie viel Austausch hast du mit deinen Hörer*innen?',
  monetization: '0–100: Wie entwickeln sich deine Einnahmen?',
  expertise: '0–100: Wie viele Anfragen erreichen dich über deinen Podcast?',
  referability: '0–100: Wie oft wird dein Podcast erwähnt?',
  enjoyment: '0–100: Wie viel Spaß macht dir die Umsetzung?',
};

/**
 * The form's values as the request's schema (`load` imports it) wants them: texts become numbers,
 * an empty field is a metric not rated this time, and `extra` adds what the form does not show.
 * Loaded at the first submit with zod (lib/forms.ts): the experiment screen preloads its
 * evaluation dialog once it has settled, and with a schema imported here zod's start (~125 ms at
 * 4× CPU) would be the screen's longest task after its first paint (Entscheidung LIB-3).
 */
export const metricValues =
  <S extends z.ZodType>(load: () => Promise<S>, extra: Record<string, unknown> = {}) =>
  async () => {
    const [{ preprocess }, schema] = await Promise.all([import('../../shared/api.ts'), load()]);
    return preprocess(
      (values) => ({
        ...Object.fromEntries(
          Object.entries(values as Record<string, string>)
            .filter(([, v]) => v.trim() !== '')
            .map(([k, v]) => [k, Number(v.trim())]),
        ),
        ...extra,
      }),
      schema,
    );
  };

type Props<S extends z.ZodType> = {
  /** The button that opens the dialog. */
  label: string;
  variant?: 'primary' | 'secondary';
  /** The sentence under the title. */
  description: string;
  /** The request's schema, as `metricValues(…)` loads it. */
  schema: () => Promise<S>;
  mutation: UseMutationResult<unknown, Error, z.output<S>>;
  onRecorded: () => void;
  /** Open at once (components/deferred.tsx: the placeholder button was tapped before the code came). */
  defaultOpen?: boolean;
};

/** The form inside the dialog: mounted on every opening, so old errors are gone. */
function MetricsForm<S extends z.ZodType>({ schema, mutation, onRecorded }: Props<S>) {
  const form = useForm(schema, mutation, { onSuccess: onRecorded });
  const cut = useOffline();
  return (
    <form noValidate className="mt-5 space-y-5" onSubmit={form.onSubmit}>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      {metric.keys.map((key) => (
        <TextField
          key={key}
          name={key}
          label={metric.labels[key]}
          hint={hints[key]}
          type="number"
          inputMode="numeric"
          min={0}
          max={key === 'coverage' ? undefined : 100}
          step={1}
          error={form.errors[key]}
        />
      ))}
      {cut && <ConnectionNote />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="secondary">
            Abbrechen
          </Button>
        </Dialog.Close>
        <Button pending={form.pending} disabled={cut}>
          Jetzt erfassen
        </Button>
      </div>
    </form>
  );
}

export function MetricsDialog<S extends z.ZodType>(props: Props<S>) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <OnlineOnly>
        {(cut, note) => (
          <Dialog.Trigger asChild>
            <Button type="button" variant={props.variant ?? 'primary'} disabled={cut} aria-describedby={note}>
              {props.label}
            </Button>
          </Dialog.Trigger>
        )}
      </OnlineOnly>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-3 top-3 bottom-3 z-50 mx-auto max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:top-10 sm:bottom-10">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Wo stehst du mit deinen übergeordneten Podcast-Zielen?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{props.description}</Dialog.Description>
          <MetricsForm
            {...props}
            onRecorded={() => {
              setOpen(false);
              props.onRecorded();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
