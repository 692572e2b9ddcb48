import { Link } from '@tanstack/react-router';
import { can } from '../../../../../shared/roles.ts';
import { Button, buttonClass } from '../../../../components/button.tsx';
import { useUpdatePodcast } from '../../api/update-podcast.ts';
import { PodcastForm } from '../podcast-form.tsx';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';
import { MeasurementsSharing } from './measurements-sharing.tsx';

/** podcast.edit.general: the podcast form; 'Podcast löschen' only for the owner (§2, §6). */
export function GeneralSection() {
  const { podcast, editable } = useEditablePodcast('podcast.update');
  const update = useUpdatePodcast(podcast.id);
  const owner = podcast.own_podcast && can(podcast.role.key, 'podcast.delete');

  return (
    <EditSection
      title="Allgemein"
      intro="Titel, Kategorien und Links deines Podcasts."
      {...{ editable, podcast }}
    >
      <PodcastForm
        key={podcast.id}
        podcast={podcast}
        mutation={update}
        readOnly={!editable}
        status={<SavedBanner show={update.isSuccess} />}
      >
        <Link to="/app/podcast" className={buttonClass('secondary')}>
          Zurück
        </Link>
        {editable && <Button pending={update.isPending}>Aktualisieren</Button>}
      </PodcastForm>
      <MeasurementsSharing podcastId={podcast.id} editable={can(podcast.role.key, 'settings.update')} />
      {owner && (
        <div className="mt-8 border-t border-slate-200 pt-6">
          <h3 className="font-semibold text-slate-900">Podcast löschen</h3>
          <p className="mt-1 text-sm text-slate-600">
            Der Podcast wird mit allen Experimenten und Messwerten endgültig gelöscht.
          </p>
          <Link to="/app/podcast/delete" className={buttonClass('danger', 'mt-4')}>
            Podcast löschen
          </Link>
        </div>
      )}
    </EditSection>
  );
}
