// The sections of the method editor (/nova/practices/{id}) whose state is a part of the method:
// its context, its rating and its action steps, each optional.
import type { PracticeContextData, PracticeRatingData } from '../../../../shared/content.ts';
import {
  application,
  audienceSize,
  budget,
  continuation,
  endurance,
  metric,
  potential,
  realization,
  recurrence,
  relevance,
  timeEffort,
  type Vocabulary,
} from '../../../../shared/vocabulary.ts';
import { Button } from '../../../components/button.tsx';
import { CheckboxField } from '../../../components/checkbox-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { FieldError, TextField } from '../../../components/text-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';

const contextFields: {
  key: Exclude<keyof PracticeContextData, 'realization'>;
  label: string;
  vocabulary: Vocabulary;
}[] = [
  { key: 'relevance', label: 'Relevanz', vocabulary: relevance },
  { key: 'application', label: 'Anwendungsbereich', vocabulary: application },
  { key: 'investment', label: 'Geldeinsatz', vocabulary: budget },
  { key: 'commitment', label: 'Zeiteinsatz', vocabulary: timeEffort },
  { key: 'endurance', label: 'Zeit bis zur Wirkung', vocabulary: endurance },
  { key: 'recurrence', label: 'Wiederholung', vocabulary: recurrence },
  { key: 'continuation', label: 'Fortführung', vocabulary: continuation },
  { key: 'expansion', label: 'Reichweite', vocabulary: audienceSize },
];

/** A labelled checkbox whose state is the editor's. */
export function Check(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField name={props.name} checked={props.checked} onCheckedChange={props.onChange}>
      {props.label}
    </CheckboxField>
  );
}

const first = <K extends string>(v: Vocabulary<K>) => v.keys[0]!;
export const defaultContext = (): PracticeContextData => ({
  relevance: first(relevance),
  application: first(application),
  investment: first(budget),
  commitment: first(timeEffort),
  endurance: first(endurance),
  recurrence: first(recurrence),
  continuation: first(continuation),
  expansion: first(audienceSize),
  realization: [first(realization)],
});
export const defaultRating = () =>
  Object.fromEntries(metric.keys.map((k) => [k, 'none'])) as PracticeRatingData;

export type Action = { description: string; link_target: string; link_label: string };

type Setter<T> = (value: T) => void;

/** 'Einordnung': the context, or none. */
export function ContextSection({
  context,
  setContext,
  error,
}: {
  context: PracticeContextData | null;
  setContext: Setter<PracticeContextData | null>;
  error?: string;
}) {
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Einordnung</h2>
      <Check
        name="has-context"
        label="Die Methode hat eine Einordnung"
        checked={context !== null}
        onChange={(checked) => setContext(checked ? defaultContext() : null)}
      />
      {context && (
        <div className="grid gap-3 sm:grid-cols-2">
          {contextFields.map((f) => (
            <SelectField
              key={f.key}
              label={f.label}
              name={`context-${f.key}`}
              options={f.vocabulary.labels}
              value={context[f.key]}
              onChange={(e) => setContext({ ...context, [f.key]: e.target.value })}
            />
          ))}
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              Nötige Fähigkeiten (1 bis 4)
            </legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {realization.keys.map((k) => (
                <Check
                  key={k}
                  name={`realization-${k}`}
                  label={realization.labels[k]}
                  checked={context.realization.includes(k)}
                  onChange={(checked) =>
                    setContext({
                      ...context,
                      realization: checked
                        ? [...context.realization, k]
                        : context.realization.filter((r) => r !== k),
                    })
                  }
                />
              ))}
            </div>
          </fieldset>
        </div>
      )}
      {error && <FieldError id="context-error" message={error} />}
    </section>
  );
}

/** 'Potenzial': the rating of the eight metrics, or none. */
export function RatingSection({
  rating,
  setRating,
}: {
  rating: PracticeRatingData | null;
  setRating: Setter<PracticeRatingData | null>;
}) {
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Potenzial</h2>
      <Check
        name="has-rating"
        label="Die Methode hat eine Bewertung nach Potenzial"
        checked={rating !== null}
        onChange={(checked) => setRating(checked ? defaultRating() : null)}
      />
      {rating && (
        <div className="grid gap-3 sm:grid-cols-2">
          {metric.keys.map((k) => (
            <SelectField
              key={k}
              label={metric.labels[k]}
              name={`rating-${k}`}
              options={potential.labels}
              value={rating[k]}
              onChange={(e) => setRating({ ...rating, [k]: e.target.value as 'none' })}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** 'Anleitung': the action steps in order, each with an optional link. */
export function ActionsSection({
  actions,
  setActions,
  error,
}: {
  actions: Action[];
  setActions: Setter<Action[]>;
  error?: string;
}) {
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Anleitung ({actions.length} Schritte)</h2>
      <ol className="space-y-4">
        {actions.map((a, i) => (
          <li key={i} className="space-y-2 rounded-xl border border-slate-200 p-3">
            <TextareaField
              label={`Schritt ${i + 1}`}
              name={`action-${i}`}
              rows={3}
              value={a.description}
              onChange={(e) =>
                setActions(actions.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))
              }
            />
            <TextField
              label={`Link von Schritt ${i + 1} (optional, https)`}
              name={`action-${i}-link`}
              value={a.link_target}
              onChange={(e) =>
                setActions(actions.map((x, j) => (j === i ? { ...x, link_target: e.target.value } : x)))
              }
            />
            <TextField
              label={`Linktext von Schritt ${i + 1}`}
              name={`action-${i}-label`}
              value={a.link_label}
              onChange={(e) =>
                setActions(actions.map((x, j) => (j === i ? { ...x, link_label: e.target.value } : x)))
              }
            />
            <Button
              type="button"
              variant="ghost"
              onClick={() => setActions(actions.filter((_, j) => j !== i))}
            >
              Schritt {i + 1} entfernen
            </Button>
          </li>
        ))}
      </ol>
      {error && <FieldError id="actions-error" message={error} />}
      <Button
        type="button"
        variant="secondary"
        onClick={() => setActions([...actions, { description: '', link_target: '', link_label: '' }])}
      >
        Schritt hinzufügen
      </Button>
    </section>
  );
}
