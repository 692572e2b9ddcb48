import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { text } from '../../../../shared/api.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';

/** The title is sent with the registration (`podcast_title`) and prefills onboarding. */
const setupPodcastSchema = z.object({
  title: text(120, { required: 'Bitte gib den Arbeitstitel deines Podcasts an.' }),
});

type Props = { title: string; onNext: (title: string) => void };

/** Step 1 of /setup, 'Podcast anlegen': only the working title, kept by the wizard. */
export function SetupPodcastStep({ title, onNext }: Props) {
  // No request: the step only checks the title and hands it to the wizard.
  const next = useMutation({ mutationFn: async ({ title }: { title: string }) => title });
  const form = useForm(setupPodcastSchema, next, { onSuccess: onNext });

  return (
    <form noValidate className="space-y-5" onSubmit={form.onSubmit} aria-labelledby="setup-podcast">
      <div>
        <h2 id="setup-podcast" className="text-lg font-semibold text-slate-900">
          Podcast anlegen
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Wie heißt dein Podcast? Ein Arbeitstitel genügt, du kannst ihn später jederzeit ändern.
        </p>
      </div>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <TextField
        label="Arbeitstitel"
        name="title"
        defaultValue={title}
        autoComplete="off"
        hint="Nach der Bestätigung deiner E-Mail-Adresse legst du damit deinen Podcast an oder importierst ihn aus seinem RSS-Feed."
        error={form.errors.title}
      />
      <Button className="w-full">Weiter</Button>
      <p className="text-center text-sm text-slate-700">
        Schon registriert?{' '}
        <Link to="/login" className="font-semibold text-brand-800 hover:underline">
          Anmelden
        </Link>
      </p>
    </form>
  );
}
