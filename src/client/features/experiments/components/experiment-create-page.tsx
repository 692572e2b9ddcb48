import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { can } from '../../../../shared/roles.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { OnlineOnly } from '../../../components/online-only.tsx';
import { FieldError, inputClass, TextField } from '../../../components/text-field.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import { useCreateExperiment, useSelectablePractices } from '../api/experiments.ts';
import { useEffectDetectable } from '../api/get-detectable.ts';
import { DetectableNote, formDetectableNote, plannedDays } from './detectable-note.tsx';
import { ProUpsell, type ExperimentPodcast } from './shared.tsx';

type Props = { podcast: ExperimentPodcast; practiceId?: number };

/** experiments.create: a method (bookmarked first), title, dates prefilled from the method, notes. */
/** The form's schema loads when it is first submitted (lib/forms.ts). */
const experimentForm = () =>
  import('../../../../shared/experiments.ts').then((m) => m.experimentCreateSchema);

export function ExperimentCreatePage({ podcast, practiceId }: Props) {
  useDocumentTitle('Neues Experiment starten');
  if (!podcast.active) return <ProUpsell podcast={podcast} title="Neues Experiment starten" />;
  if (!can(podcast.role, 'experiments.create')) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Neues Experiment starten</h1>
        <p className="mt-3 text-slate-700">
          Experimente starten können Redakteur*innen, Manager*innen und die Inhaber*in.
        </p>
      </section>
    );
  }
  return <CreateForm podcast={podcast} practiceId={practiceId} />;
}

function CreateForm({ podcast, practiceId }: Props) {
  const navigate = useNavigate();
  const practices = useSelectablePractices(podcast.id);
  const create = useCreateExperiment(podcast.id);
  const form = useForm(experimentForm, create, {
    onSuccess: (experiment) =>
      void navigate({ to: '/app/experiments/$id', params: { id: String(experiment.id) } }),
  });
  const list = practices.data ?? [];
  const [chosen, setChosen] = useState<number | undefined>(practiceId);
  const practice = list.find((p) => p.id === chosen);
  // The dates follow the method chosen (its date_from/date_till) until the user changes them.
  const [dates, setDates] = useState<{ for?: number; starts_at: string; ends_at: string }>({
    starts_at: '',
    ends_at: '',
  });
  const shown =
    practice && dates.for !== practice.id
      ? { starts_at: practice.date_from, ends_at: practice.date_till }
      : { starts_at: dates.starts_at, ends_at: dates.ends_at };
  // Typed before the methods list has come, the dates belong to the method already chosen, so
  // its arrival does not put the method's dates over them.
  const setDate = (field: 'starts_at' | 'ends_at', value: string) =>
    setDates({ ...shown, [field]: value, for: practice?.id ?? chosen });
  const days = plannedDays(shown.starts_at, shown.ends_at);
  const detectable = useEffectDetectable(podcast.id, days);
  const selectId = useId();
  const selectError = form.errors.practice_id?.[0];

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Neues Experiment starten</h1>
      <p className="mt-1 text-slate-600">
        Probiere eine Methode für eine feste Zeit mit „{podcast.title}“ aus.
      </p>
      <form noValidate className="mt-6 space-y-5" onSubmit={form.onSubmit}>
        {form.message && <Banner tone="error">{form.message}</Banner>}
        <div>
          <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Methode
          </label>
          <select
            id={selectId}
            name="practice_id"
            value={chosen ?? ''}
            onChange={(event) => setChosen(event.target.value ? Number(event.target.value) : undefined)}
            aria-invalid={selectError ? true : undefined}
            aria-describedby={selectError ? `${selectId}-error` : undefined}
            className={`${inputClass} ${selectError ? 'border-red-600' : 'border-slate-300'}`}
          >
            <option value="">{practices.isPending ? 'Lade Methoden...' : 'Bitte wähle eine Methode'}</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.bookmarked ? `${p.title} (gemerkt)` : p.title}
              </option>
            ))}
          </select>
          {selectError && <FieldError id={`${selectId}-error`} message={selectError} />}
        </div>
        {practice && <p className="text-sm text-slate-700">{practice.teaser}</p>}
        <TextField
          name="title"
          label="Titel"
          hint="Leer lassen für den Titel der Methode."
          placeholder={practice?.title}
          maxLength={120}
          error={form.errors.title}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="starts_at"
            label="Start"
            type="date"
            hint="Ein Experiment startet heute oder später."
            value={shown.starts_at}
            onChange={(event) => setDate('starts_at', event.target.value)}
            error={form.errors.starts_at}
          />
          <TextField
            name="ends_at"
            label="Ende"
            type="date"
            value={shown.ends_at}
            onChange={(event) => setDate('ends_at', event.target.value)}
            error={form.errors.ends_at}
          />
        </div>
        <DetectableNote {...formDetectableNote(days, detectable)} keepPlace />
        <TextareaField
          name="notes"
          label="Anmerkungen (optional)"
          maxLength={2000}
          error={form.errors.notes}
        />
        <OnlineOnly>
          {(cut, note) => (
            // Busy until the methods have come: they fill in the method a link named and its
            // dates, and a form sent before would only come back with 'Bitte wähle eine Methode'
            // (a quick tap on a slow phone). Decided 2026-12-07.
            <Button pending={form.pending || practices.isPending} disabled={cut} aria-describedby={note}>
              Experiment starten
            </Button>
          )}
        </OnlineOnly>
      </form>
    </section>
  );
}
