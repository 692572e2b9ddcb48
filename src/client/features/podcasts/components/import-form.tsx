import { podcastImportSchema, type Podcast } from '../../../../shared/podcasts.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { useImportPodcast } from '../api/import-podcast.ts';

/**
 * Import from an RSS feed (rss_uri, name), for onboarding and podcasts.import alike. The server
 * reads the whole feed before it answers, which takes seconds for hundreds of episodes: until
 * then the form says so and shows a running progress bar.
 */
export function ImportForm({ onImported }: { onImported: (podcast: Podcast) => void }) {
  const form = useForm(podcastImportSchema, useImportPodcast(), { onSuccess: onImported });
  return (
    <form noValidate className="space-y-5" onSubmit={form.onSubmit} aria-label="Aus RSS-Feed importieren">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <fieldset disabled={form.pending} className="space-y-5">
        <TextField
          label="Adresse deines RSS-Feeds"
          name="rss_uri"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          hint="Du findest sie bei deinem Podcast-Hoster, meist unter „RSS-Feed“."
          error={form.errors.rss_uri}
        />
        <TextField
          label="Anzeigename (optional)"
          name="name"
          autoComplete="off"
          hint="Falls dein Podcast im Studio anders heißen soll als im Feed."
          error={form.errors.name}
        />
      </fieldset>
      {form.pending && <ImportProgress />}
      <Button className="w-full" pending={form.pending}>
        {form.pending ? 'Wird importiert …' : 'Podcast importieren'}
      </Button>
    </form>
  );
}

function ImportProgress() {
  return (
    <div role="status" className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
      <p className="font-semibold text-brand-900">Dein Feed wird importiert …</p>
      <p className="text-sm text-brand-900">
        Wir lesen Titel, Bild und alle Folgen ein. Bei vielen Folgen dauert das einige Sekunden.
      </p>
      {/* No value: an indeterminate bar (the server reports no steps), announced by its label. */}
      <progress aria-label="Import läuft" className="h-2 w-full accent-brand-700" />
    </div>
  );
}
