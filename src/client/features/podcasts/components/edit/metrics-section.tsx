import { useState } from 'react';
import { useMetrics } from '../../api/get-metrics.ts';
import { EditSection, SavedBanner, useEditablePodcast } from './edit-section.tsx';
import { EvaluationDialog } from './metrics-evaluation-dialog.tsx';
import { MetricHistoryList } from './metric-history.tsx';

/** podcast.edit.metrics ('success criteria'): record an evaluation, see each metric over time. */
export function MetricsSection() {
  const { podcast, editable } = useEditablePodcast('metrics.create');
  const metrics = useMetrics(podcast.id);
  const [recorded, setRecorded] = useState(false);

  return (
    <EditSection
      title="Erfolgskriterien"
      intro="Erfasse regelmäßig, wo dein Podcast steht. So siehst du, wie sich deine Ziele entwickeln."
      {...{ editable, podcast }}
    >
      <div className="space-y-5">
        <SavedBanner show={recorded}>Deine Werte wurden erfasst.</SavedBanner>
        {editable && <EvaluationDialog podcastId={podcast.id} onRecorded={() => setRecorded(true)} />}
        <h3 className="text-lg font-semibold text-slate-900">Verlauf</h3>
        {metrics.isPending ? (
          <p className="text-slate-600">Lade Werte...</p>
        ) : (
          // A failed load shows the list as empty (§8: list fetch failure).
          <MetricHistoryList metrics={metrics.data ?? []} />
        )}
      </div>
    </EditSection>
  );
}
