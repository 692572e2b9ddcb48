// 'Wirkung', per episode: the run's episodes against the episodes before at the same age, where a
// source counts per episode (server/audience/episode-effect.ts). The server's sentences as they are,
// one per compared age; 'Zu wenig Daten' says what is missing.
import type { EpisodeEffect } from '../../../../shared/episode-effect.ts';

export function EpisodeEffectNote({ episodes }: { episodes: EpisodeEffect }) {
  const sentences = episodes.message.split(/(?<=\.) (?=Je Folge:)/);
  return (
    <div className="mb-4 space-y-1" data-testid="episode-effect">
      <h3 className="font-semibold text-slate-900">Je Folge, im gleichen Alter</h3>
      {sentences.map((sentence) => (
        <p key={sentence} className="text-slate-700">
          {sentence}
        </p>
      ))}
    </div>
  );
}
