import type { Podcast } from '../../../../../shared/podcasts.ts';
import { CoworkersWidget, type MembershipsQuery } from './coworkers-widget.tsx';
import type { DashboardSlots } from './dashboard-slots.ts';
import { EpisodesWidget } from './episodes-widget.tsx';
import { ObjectiveWidget } from './objective-widget.tsx';
import { RhythmWidget } from './rhythm-widget.tsx';
import { StrategyWidget } from './strategy-widget.tsx';

/**
 * The dashboard's widgets below its first screen on a phone (dashboard-page.tsx mounts them once
 * the first ones have painted): running experiments, the method widgets, goals, strategy (radix's
 * accordion), team, rhythm and episodes.
 */
export function DashboardMore({
  podcast,
  membershipsQuery,
  slots,
}: {
  podcast: Podcast;
  membershipsQuery: MembershipsQuery;
  slots?: DashboardSlots;
}) {
  return (
    <>
      {slots?.audience?.(podcast)}
      {slots?.experiments?.(podcast)}
      {slots?.methods?.(podcast)}
      <ObjectiveWidget podcast={podcast} />
      <StrategyWidget podcast={podcast} />
      <CoworkersWidget podcast={podcast} query={membershipsQuery} />
      <RhythmWidget podcast={podcast} />
      <EpisodesWidget podcast={podcast} />
    </>
  );
}
