import { Link } from '@tanstack/react-router';
import { milestonesSchema } from '../../../../../shared/podcasts.ts';
import { metric } from '../../../../../shared/vocabulary.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button, buttonClass } from '../../../../components/button.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { useForm } from '../../../../lib/forms.ts';
import { useSaveMilestones } from '../../api/save-milestones.ts';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';

/** The fields are named by metric; the server names its errors `milestones.<metric>`. */
const fieldsSchema = milestonesSchema.shape.milestones;

/** podcast.edit.milestones: one milestone per tracked metric (the goals above 'Unwichtig'). */
export function MilestonesSection() {
  const { podcast, editable } = useEditablePodcast('milestones.update');
  const save = useSaveMilestones(podcast.id);
  const form = useForm(fieldsSchema, save);

  return (
    <EditSection
      title="Meilensteine"
      intro="Was möchtest du bei jedem deiner Ziele als Nächstes erreichen?"
      {...{ editable, podcast }}
    >
      {podcast.traceable.length === 0 ? (
        <div className="space-y-4">
          <p className="text-slate-700">
            Lege zuerst fest, welche Ziele dir wichtig sind. Für jedes davon kannst du dann einen Meilenstein
            setzen.
          </p>
          <Link to="/app/podcast/edit/objective" className={buttonClass('secondary')}>
            Ziele festlegen
          </Link>
        </div>
      ) : (
        <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
          {form.message && <Banner tone="error">{form.message}</Banner>}
          <SavedBanner show={save.isSuccess} />
          {podcast.traceable.map((key) => (
            <TextField
              key={key}
              name={key}
              label={metric.labels[key]}
              defaultValue={podcast.milestones[key] ?? ''}
              readOnly={!editable}
              maxLength={500}
              error={form.errors[key] ?? form.errors[`milestones.${key}`]}
            />
          ))}
          {editable && <Button pending={form.pending}>Meilensteine speichern</Button>}
        </form>
      )}
    </EditSection>
  );
}
