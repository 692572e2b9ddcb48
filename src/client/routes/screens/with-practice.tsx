// What every tab of a method's detail starts from (practices-screens.tsx, practice-tab-screens.tsx).
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Podcast } from '../../../shared/podcasts.ts';
import type { Practice } from '../../../shared/practices.ts';
import { usePodcast } from '../../features/podcasts/api/get-context.ts';
import { usePractice } from '../../features/practices/api/get-practice.ts';

const showRoute = getRouteApi('/app/podcast-required/practices/$id');

/** A tab gets the method the layout has loaded (same query, from the cache). */
export function WithPractice({
  children,
}: {
  children: (practice: Practice, podcast: Podcast) => ReactNode;
}) {
  const podcast = usePodcast();
  const practice = usePractice(podcast?.id ?? 0, Number(showRoute.useParams().id));
  if (!podcast || !practice.data) return null;
  return children(practice.data, podcast);
}
