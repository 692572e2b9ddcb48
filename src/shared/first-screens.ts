// The app's first screens, declared once (decision 2026-12-01): each screen's path, the module the
// router loads it from, and the GETs its first paint makes for the selected podcast, spelled as the
// client's fetchers spell them (path and query string: the client takes an embedded answer by
// exactly that). The server embeds those answers in the page (src/server/http/boot-data.ts), the
// screens' loaders ask for them (src/client/routes/screens/screen-reads.ts), the build writes each
// screen's chunks from the screen's module (src/client/build/screen-chunks.ts) and the server
// preloads them (screen-preloads.ts). Before, the lists were written three times and
// only a browser journey held them together. Without zod, like limits.ts: the client reads it too.
import { WIDGET_ITEMS } from './limits.ts';

/** The selected podcast as the context call answers it (what a screen's reads need of it). */
export type Selected = { id: number; active: boolean; rss_uri?: string | null };

export type FirstScreen = {
  /** The screen's path; its groups are the ids the reads take. */
  path: RegExp;
  /** The module the router loads the screen from, as the build manifest names it. */
  module: string;
  /** The screen's own GETs (the shell's are boot-data.ts BOOT_CALLS); `search` is the URL's query. */
  reads: (podcast: Selected, ids: string[], search: string) => string[];
};

/** Every app screen's frame: the router's lazy AppLayout (routes/app.tsx); preloaded with each. */
export const SCREEN_FRAME = 'src/client/routes/app-layout.tsx';

const podcastPath = (podcast: Selected) => `/api/podcasts/${podcast.id}`;
/** The assistant button's tips, on every screen. */
const tips = (podcast: Selected) => `${podcastPath(podcast)}/assistances`;

/** The dashboard's reads: the loader's (routes/screens/dashboard-screen.tsx) and its widgets'. */
export function dashboardReads(podcast: Selected): string[] {
  const p = podcastPath(podcast);
  return [
    '/api/compilations',
    '/api/advices:random',
    ...(podcast.active ? [`${p}/estimations?limit=${WIDGET_ITEMS}`, `${p}/experiments?state=started`] : []),
    `${p}/bookmarks`,
    `${p}/applications`,
    `${p}/memberships`,
    `${p}/objective`,
    `${p}/strategy`,
    `${p}/episodes?page=1`,
    `${p}/settings`,
    ...(podcast.rss_uri ? [`${p}/feed-check`] : []),
    tips(podcast),
  ];
}

export const FIRST_SCREENS = {
  dashboard: {
    path: /^\/app\/podcast$/,
    module: 'src/client/routes/screens/dashboard-screen.tsx',
    reads: (podcast) => dashboardReads(podcast),
  },
  // Without filters in the URL: the list in the podcast's default order (practices-list-page.tsx).
  practicesList: {
    path: /^\/app\/practices\/list$/,
    module: 'src/client/routes/screens/practices-screens.tsx',
    reads: (podcast, _ids, search) =>
      search
        ? []
        : [
            '/api/keywords',
            `${podcastPath(podcast)}/practices?page=1&order=${podcast.active ? 'advice' : 'effort'}`,
            tips(podcast),
          ],
  },
  practiceOverview: {
    path: /^\/app\/practices\/(\d+)\/overview$/,
    module: 'src/client/routes/screens/practices-screens.tsx',
    reads: (podcast, [method]) => {
      const m = `/api/practices/${method}`;
      return [
        `${m}?context=${podcast.id}`,
        `${m}/compilations`,
        `${m}/similarities?context=${podcast.id}&limit=${WIDGET_ITEMS}`,
        tips(podcast),
      ];
    },
  },
  experiment: {
    path: /^\/app\/experiments\/(\d+)$/,
    module: 'src/client/routes/screens/experiment-screens.tsx',
    reads: (podcast, [experiment]) => {
      if (!podcast.active) return [];
      const e = `/api/experiments/${experiment}`;
      return [e, `${e}/effect`, `${e}/comments`, `${e}/events`, tips(podcast)];
    },
  },
} satisfies Record<string, FirstScreen>;

export type ScreenName = keyof typeof FIRST_SCREENS;

/** The first screen a page's path opens, with the ids in its path; null for any other page. */
export function firstScreen(path: string): { name: ScreenName; ids: string[] } | null {
  for (const [name, screen] of Object.entries(FIRST_SCREENS) as [ScreenName, FirstScreen][]) {
    const match = screen.path.exec(path);
    if (match) return { name, ids: match.slice(1) };
  }
  return null;
}

/** The GETs the screen at `path` makes for its first paint besides the shell's; none for another page. */
export function screenReads(path: string, search: string, podcast: Selected): string[] {
  const found = firstScreen(path);
  return found ? FIRST_SCREENS[found.name].reads(podcast, found.ids, search) : [];
}
