import { can } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { ConversionLink, WidgetCard } from './widget-card-actions.tsx';

/**
 * For a podcast without Pro (§2: subscribe widget for inactive podcasts): leads to the sales page.
 * Only for who may take out the plan (contract.manage: the owner).
 */
export function SubscribeWidget({ podcast }: { podcast: Podcast }) {
  if (podcast.active || !can(podcast.role.key, 'contract.manage')) return null;
  return (
    <WidgetCard title="Kompass-KI aktivieren" tone="highlight">
      <p className="text-slate-700">
        Mit Studio Pro bekommst du Tipps von der Kompass-KI, startest Experimente und siehst, welche Methoden
        am besten zu deinem Podcast passen.
      </p>
      <ConversionLink podcast={podcast}>Studio Pro ansehen</ConversionLink>
    </WidgetCard>
  );
}
