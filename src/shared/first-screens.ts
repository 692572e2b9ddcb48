// The app's first screens, declared once (Entscheidung CLI-18): each screen's path, the module the
// router loads it from, and the GETs its first paint makes for the selected podcast, as read
// descriptors (reads.ts: endpoint and params; one function makes their URLs). The server embeds
// those answers in the page (src/server/http/boot-data.ts), the screens' loaders ask for them by
// name (src/client/routes/screens/screen-reads.ts), the build writes each screen's chunks from the
// screen's module (src/client/build/screen-chunks.ts) and the server preloads them
// (screen-preloads.ts). Without zod, like limits.ts: the client reads it too.
import { WIDGET_ITEMS } from './limits.ts';
import { READS, type AnyRead } from './reads.ts';

/** The selected podcast as the context call answers it (what a screen's reads need of it). */
export type Selected = { id: number; active: boolean; rss_uri?: string | null };

export type FirstScreen = {
  /** The screen's path; its groups are the ids the reads take. */
  path: RegExp;
  /** The module the router loads the screen from, as the build manifest names it. */
  module: string;
  /** The screen's own GETs (the shell's are boot-data.ts BOOT_READS); `search` is the URL's query. */
  reads: (podcast: Selected, ids: string[], search: string) => AnyRead[];
};

/** Every app screen's frame: the router's lazy AppLayout (routes/app.tsx); preloaded with each. */
export const SCREEN_FRAME = 'src/client/routes/app-layout.tsx';

/** The assistant button's tips, on every screen. */
const tips = (podcast: Selected) => READS.assistances({ podcast: podcast.id });
/**
 * What other podcasts measured of the methods ('Bei N Podcasts wie deinem'), read by the method
 * list's cards and a method's overview as they first render. A first-screen read (Entscheidung
 * CLI-30): asked for at the first render, it was the one request of both screens before their
 * heading showed (tests/bench/lighthouse.ts: 'API requests before the heading: 1'), and its answer
 * reached the rendered list through the query cache as one more blocking render. Embedded, it
 * costs the server two reads of the job's small tables (at most one row per method), and the
 * line that shows it still loads after the first paint (practice-card.tsx, deferred).
 */
const pooledEffects = (podcast: Selected) => READS.pooledEffects({ podcast: podcast.id });

/** The dashboard's reads: the loader's (routes/screens/dashboard-screen.tsx) and its widgets'. */
export function dashboardReads(podcast: Selected): AnyRead[] {
  const p = { podcast: podcast.id };
  return [
    READS.compilations({}),
    READS.advice({}),
    ...(podcast.active
      ? [READS.estimations({ ...p, limit: WIDGET_ITEMS }), READS.experiments({ ...p, state: 'started' })]
      : []),
    READS.bookmarks(p),
    READS.applications(p),
    READS.memberships(p),
    READS.objective(p),
    READS.strategy(p),
    READS.episodes({ ...p, page: 1 }),
    READS.settings(p),
    ...(podcast.rss_uri ? [READS.feedCheck(p)] : []),
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
            READS.keywords({}),
            READS.practices({ podcast: podcast.id, page: 1, order: podcast.active ? 'advice' : 'effort' }),
            pooledEffects(podcast),
            tips(podcast),
          ],
  },
  practiceOverview: {
    path: /^\/app\/practices\/(\d+)\/overview$/,
    module: 'src/client/routes/screens/practices-screens.tsx',
    reads: (podcast, [method]) => {
      const practice = Number(method);
      return [
        READS.practice({ practice, context: podcast.id }),
        READS.practiceCompilations({ practice }),
        READS.similarities({ practice, context: podcast.id, limit: WIDGET_ITEMS }),
        pooledEffects(podcast),
        tips(podcast),
      ];
    },
  },
  experiment: {
    path: /^\/app\/experiments\/(\d+)$/,
    module: 'src/client/routes/screens/experiment-screens.tsx',
    reads: (podcast, [id]) => {
      if (!podcast.active) return [];
      const e = { experiment: Number(id) };
      return [READS.experiment(e), READS.effect(e), READS.comments(e), READS.events(e), tips(podcast)];
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
export function screenReads(path: string, search: string, podcast: Selected): AnyRead[] {
  const found = firstScreen(path);
  return found ? FIRST_SCREENS[found.name].reads(podcast, found.ids, search) : [];
}
