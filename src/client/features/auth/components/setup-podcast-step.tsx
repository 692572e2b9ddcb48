import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { readSetupPodcast, saveSetupPodcast, setupPodcastSchema } from '../setup-podcast-draft.ts';

export function SetupPodcastStep({ onNext }: { onNext: () => void }) {
  const draft = readSetupPodcast();
  const save = useMutation({
    mutationFn: async (podcast: Parameters<typeof saveSetupPodcast>[0]) => saveSetupPodcast(podcast),
  });
  const form = useForm(setupPodcastSchema, save, { onSuccess: onNext });

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
        defaultValue={draft?.title}
        autoComplete="off"
        error={form.errors.title}
      />
      <TextField
        label="RSS-Feed (optional)"
        name="rss_uri"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={draft?.rss_uri}
        hint="Hast du schon Folgen veröffentlicht? Dann übernehmen wir später die Angaben aus deinem Feed."
        error={form.errors.rss_uri}
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
