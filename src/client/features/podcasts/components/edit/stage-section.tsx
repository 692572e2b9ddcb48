import { stageSchema } from '../../../../../shared/podcasts.ts';
import { audienceSize, budget, timeEffort } from '../../../../../shared/vocabulary.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button } from '../../../../components/button.tsx';
import { SelectField } from '../../../../components/select-field.tsx';
import { useForm } from '../../../../lib/forms.ts';
import { useStage } from '../../api/get-stage.ts';
import { useUpdateStage } from '../../api/update-stage.ts';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';

/**
 * podcast.edit.stage ('recommendations', §2): time, audience and money — what the recommendation
 * score compares a method's effort with.
 */
export function StageSection() {
  const { podcast, editable } = useEditablePodcast('stage.update');
  const stage = useStage(podcast.id);
  const update = useUpdateStage(podcast.id);
  const form = useForm(stageSchema, update);

  return (
    <EditSection
      title="Empfehlungen"
      intro="Wo steht dein Podcast? Damit empfehlen wir dir Methoden, die zu deinem Aufwand passen."
      {...{ editable, podcast }}
    >
      {stage.isPending ? (
        <p className="text-slate-600">Lade Angaben...</p>
      ) : (
        <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
          {form.message && <Banner tone="error">{form.message}</Banner>}
          <SavedBanner show={update.isSuccess} />
          <fieldset disabled={!editable} className="space-y-5">
            <SelectField
              label="Zeiteinsatz pro Woche"
              name="commitment"
              options={timeEffort.labels}
              placeholder="Bitte wählen"
              defaultValue={stage.data?.commitment ?? ''}
              error={form.errors.commitment}
            />
            <SelectField
              label="Größe deiner Hörerschaft"
              name="expansion"
              options={audienceSize.labels}
              placeholder="Bitte wählen"
              defaultValue={stage.data?.expansion ?? ''}
              error={form.errors.expansion}
            />
            <SelectField
              label="Budget pro Monat"
              name="investment"
              options={budget.labels}
              placeholder="Bitte wählen"
              defaultValue={stage.data?.investment ?? ''}
              error={form.errors.investment}
            />
          </fieldset>
          {editable && <Button pending={form.pending}>Angaben speichern</Button>}
        </form>
      )}
    </EditSection>
  );
}
