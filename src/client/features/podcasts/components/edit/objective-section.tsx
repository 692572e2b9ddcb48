import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { objectiveSchema } from '../../../../../shared/podcasts.ts';
import { importance, levelPoints, metric, type MetricKey } from '../../../../../shared/vocabulary.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button } from '../../../../components/button.tsx';
import { LevelStars } from '../../../../components/level-stars.tsx';
import { FieldError } from '../../../../components/text-field.tsx';
import { useForm } from '../../../../lib/forms.ts';
import { useObjective } from '../../api/get-objective.ts';
import { useUpdateObjective } from '../../api/update-objective.ts';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';

type Level = (typeof importance.keys)[number];

/** One goal: four choices, each shown as 0–3 stars with its importance label. */
function GoalField({
  name,
  value,
  disabled,
  error,
}: {
  name: MetricKey;
  value?: Level | null;
  disabled: boolean;
  error?: string[];
}) {
  const id = useId();
  const message = error?.[0];
  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-800">
        {metric.labels[name]}
      </p>
      <RadioGroup.Root
        name={name}
        defaultValue={value ?? undefined}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      >
        {importance.keys.map((level) => (
          <RadioGroup.Item
            key={level}
            value={level}
            // Named by the label alone: the stars say the same, as a picture.
            aria-label={importance.labels[level]}
            className={
              'flex min-h-11 flex-col items-start gap-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-800 ' +
              'hover:border-brand-600 disabled:cursor-not-allowed data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-50 ' +
              'data-[state=checked]:ring-2 data-[state=checked]:ring-brand-700'
            }
          >
            <LevelStars points={levelPoints[level]} />
            <span>{importance.labels[level]}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {message && <FieldError id={`${id}-error`} message={message} />}
    </div>
  );
}

/** podcast.edit.objective: how important each of the eight goals is (none … high, 0–3 stars). */
export function ObjectiveSection() {
  const { podcast, editable } = useEditablePodcast('objective.update');
  const objective = useObjective(podcast.id);
  const update = useUpdateObjective(podcast.id);
  const form = useForm(objectiveSchema, update);

  return (
    <EditSection
      title="Ziele"
      intro="Wie wichtig ist dir jedes dieser Ziele? Danach richten sich die Empfehlungen für deinen Podcast."
      {...{ editable, podcast }}
    >
      {objective.isPending ? (
        <p className="text-slate-600">Lade Ziele...</p>
      ) : (
        <form noValidate className="space-y-6" onSubmit={form.onSubmit}>
          {form.message && <Banner tone="error">{form.message}</Banner>}
          <SavedBanner show={update.isSuccess} />
          {metric.keys.map((key) => (
            <GoalField
              key={key}
              name={key}
              value={objective.data?.[key]}
              disabled={!editable}
              error={form.errors[key]}
            />
          ))}
          {editable && <Button pending={form.pending}>Ziele speichern</Button>}
        </form>
      )}
    </EditSection>
  );
}
