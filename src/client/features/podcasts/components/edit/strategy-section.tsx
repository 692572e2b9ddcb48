import { strategySchema } from '../../../../../shared/podcasts.ts';
import { strategyFields, strategySections } from '../../../../../shared/strategy.ts';
import { Banner } from '../../../../components/banner.tsx';
import { Button } from '../../../../components/button.tsx';
import { TextareaField } from '../../../../components/textarea-field.tsx';
import { useForm } from '../../../../lib/forms.ts';
import { useStrategy } from '../../api/get-strategy.ts';
import { useUpdateStrategy } from '../../api/update-strategy.ts';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';

/** podcast.edit.strategy: seven free answers, each with its prompt question as the hint. */
export function StrategySection() {
  const { podcast, editable } = useEditablePodcast('strategy.update');
  const strategy = useStrategy(podcast.id);
  const update = useUpdateStrategy(podcast.id);
  const form = useForm(strategySchema, update);

  return (
    <EditSection
      title="Strategie"
      intro="Beantworte die Fragen so knapp oder ausführlich, wie du magst. Du kannst jederzeit weiterschreiben."
      {...{ editable, podcast }}
    >
      {strategy.isPending ? (
        <p className="text-slate-600">Lade Strategie...</p>
      ) : (
        <form noValidate className="space-y-5" onSubmit={form.onSubmit}>
          {form.message && <Banner tone="error">{form.message}</Banner>}
          <SavedBanner show={update.isSuccess} />
          {strategyFields.map((field) => (
            <TextareaField
              key={field}
              name={field}
              label={strategySections[field].label}
              hint={strategySections[field].question}
              defaultValue={strategy.data?.[field] ?? ''}
              readOnly={!editable}
              maxLength={5000}
              error={form.errors[field]}
            />
          ))}
          {editable && <Button pending={form.pending}>Strategie speichern</Button>}
        </form>
      )}
    </EditSection>
  );
}
