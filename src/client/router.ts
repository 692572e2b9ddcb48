import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routes/route-tree.ts';

/**
 * Search params stay plain strings (the router's default JSON-parses them, which turns a hex
 * signature like "12e4…" into a number); routes coerce with zod where they want numbers.
 */
const parseSearch = (search: string) => Object.fromEntries(new URLSearchParams(search));

function stringifySearch(search: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `keepsFirstScroll`: the first screen was adopted from the served page (the pre-rendered landing).
 * Its visitor may have scrolled, even tapped, while the code loaded; the router's reset to the top
 * at that first render moved the page under their finger, and a tap on the footer's 'Changelog'
 * landed on the page's top instead (stress run i1, 2026-11-27). That first render keeps the scroll;
 * every later navigation restores or resets as before.
 */
export function createAppRouter(
  queryClient: QueryClient,
  history?: RouterHistory,
  keepsFirstScroll: () => boolean = () => false,
) {
  let first = true;
  const restoresScroll = () => {
    const keep = first && keepsFirstScroll();
    first = false;
    return !keep;
  };
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: restoresScroll,
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** Only for guests (landing, login, setup, password pages): a signed-in user moves on. */
    guestOnly?: boolean;
  }
}
