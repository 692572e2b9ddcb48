// 'Hörerzahlen' with the selected podcast (features/podcasts) handed to the audience components
// (features/audience): features never import each other. Loaded lazily.
import { AudiencePage } from '../../features/audience/components/audience-page.tsx';
import { usePodcast } from '../../features/podcasts/api/get-context.ts';

export function AudienceScreen() {
  const podcast = usePodcast();
  return podcast && <AudiencePage key={podcast.id} podcast={podcast} />;
}
