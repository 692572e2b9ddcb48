// Step 1 of the setup wizard keeps the podcast the user named before an account exists. The
// onboarding issue reads this key to prefill 'Podcast anlegen' after the email is verified.
import { z } from 'zod';

export const SETUP_PODCAST_KEY = 'kompass.setup.podcast';

export const setupPodcastSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Bitte gib den Arbeitstitel deines Podcasts an.')
    .max(120, 'Der Arbeitstitel darf höchstens 120 Zeichen lang sein.'),
  rss_uri: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.url({ error: 'Bitte gib eine gültige Feed-Adresse an (https://…).' })]))
    .optional(),
});
export type SetupPodcast = z.output<typeof setupPodcastSchema>;

export function readSetupPodcast(): SetupPodcast | undefined {
  try {
    const parsed = setupPodcastSchema.safeParse(
      JSON.parse(localStorage.getItem(SETUP_PODCAST_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveSetupPodcast(podcast: SetupPodcast) {
  localStorage.setItem(SETUP_PODCAST_KEY, JSON.stringify(podcast));
}
