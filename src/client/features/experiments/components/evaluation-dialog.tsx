import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { z } from 'zod';
import { evaluationKind, evaluationSchema } from '../../../../shared/experiments.ts';
import { metric, type MetricKey } from '../../../../shared/vocabulary.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useEvaluate } from '../api/experiments.ts';

type Kind = (typeof evaluationKind.keys)[number];

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

/** Form texts become numbers; an empty field is a metric not rated this time. */
const formSchema = (experimentId: number, kind: Kind) =>
  z.preprocess(
    (values) => ({
      ...Object.fromEntries(
        Object.entries(values as Record<string, string>)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, Number(v.trim())]),
      ),
      experiment_id: experimentId,
      evaluation: kind,
    }),
    evaluationSchema,
  );

function EvaluationForm(props: {
  podcastId: number;
  experimentId: number;
  kind: Kind;
  onRecorded: () => void;
}) {
  const evaluate = useEvaluate(props.experimentId, props.podcastId);
  const form = useForm(formSchema(props.experimentId, props.kind), evaluate, { onSuccess: props.onRecorded });
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
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="secondary">
            Abbrechen
          </Button>
        </Dialog.Close>
        <Button pending={form.pending}>Jetzt erfassen</Button>
      </div>
    </form>
  );
}

/**
 * The evaluation dialog 'Wo stehst du mit deinen übergeordneten Podcast-Zielen?' (§2) of an
 * experiment: its values join the podcast's metrics history as an interim or final evaluation.
 */
export function EvaluationDialog(props: {
  podcastId: number;
  experimentId: number;
  kind: Kind;
  onRecorded: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant={props.kind === 'final' ? 'primary' : 'secondary'}>
          {evaluationKind.labels[props.kind]}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed inset-x-3 top-3 bottom-3 z-50 mx-auto max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:top-10 sm:bottom-10">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Wo stehst du mit deinen übergeordneten Podcast-Zielen?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            {evaluationKind.labels[props.kind]}: Trag ein, was du heute weißt. Felder, die du leer lässt,
            bleiben diesmal ohne Wert.
          </Dialog.Description>
          <EvaluationForm
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
