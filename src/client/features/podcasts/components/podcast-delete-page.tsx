import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { podcastDeleteSchema } from '../../../../shared/podcasts.ts';
import { can } from '../../../../shared/roles.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { CurrentPasswordField } from '../../../components/current-password-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useForm } from '../../../lib/forms.ts';
import { useFlash } from '../../../stores/flash.ts';
import { useDeletePodcast } from '../api/delete-podcast.ts';
import { usePodcast } from '../api/get-context.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';

function DeleteForm({ podcast }: { podcast: Podcast }) {
  const navigate = useNavigate();
  const showFlash = useFlash((s) => s.show);
  const remove = useDeletePodcast(podcast.id, () => {
    showFlash({ tone: 'success', message: `Der Podcast „${podcast.title}“ wurde gelöscht.` });
    // /app leads to the next podcast's dashboard, or to onboarding when none is left.
    void navigate({ to: '/app' });
  });
  // On failure the message and the field errors stay until the next try (§8).
  const form = useForm(podcastDeleteSchema, remove);

  return (
    <form noValidate className="mt-6 space-y-5" onSubmit={form.onSubmit}>
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <CurrentPasswordField errors={form.errors} name="password" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to="/app/podcast/edit/general" className={buttonClass('secondary')}>
          Abbrechen
        </Link>
        <Button variant="danger" pending={form.pending}>
          Endgültig löschen
        </Button>
      </div>
    </form>
  );
}

/** podcast.delete: the owner deletes the selected podcast after confirming the password (§5). */
export function PodcastDeletePage() {
  const current = usePodcast();
  // The podcast this page was opened for: once it is deleted, the context names another one
  // before the navigation away, and this page must not offer to delete that one too.
  const [podcast, setPodcast] = useState(current);
  if (!podcast && current) setPodcast(current);
  useDocumentTitle('Podcast löschen');
  if (!podcast) return null;
  const owner = podcast.own_podcast && can(podcast.role.key, 'podcast.delete');

  return (
    <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">Podcast löschen</h1>
      {owner ? (
        <>
          <p className="mt-3 text-slate-700">
            „{podcast.title}“ wird mit allen Experimenten und Messwerten endgültig gelöscht. Deine
            Coworker*innen verlieren den Zugriff. Das lässt sich nicht rückgängig machen. Bitte bestätige mit
            deinem aktuellen Passwort.
          </p>
          <DeleteForm podcast={podcast} />
        </>
      ) : (
        <p className="mt-3 text-slate-700">Nur die Inhaber*in des Podcasts kann ihn löschen.</p>
      )}
    </section>
  );
}
