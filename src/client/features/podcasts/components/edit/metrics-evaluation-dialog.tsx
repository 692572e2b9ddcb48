import { MetricsDialog, metricValues } from '../../../../components/metrics-dialog.tsx';
import { useCreateMetrics } from '../../api/create-metrics.ts';

const schema = metricValues(() => import('../../../../../shared/podcasts.ts').then((m) => m.metricsSchema));

/** The metrics section's evaluation dialog: each value joins its metric's history. */
export function EvaluationDialog({ podcastId, onRecorded }: { podcastId: number; onRecorded: () => void }) {
  const create = useCreateMetrics(podcastId);
  return (
    <MetricsDialog
      label="Werte erfassen"
      description="Trag ein, was du heute weißt. Felder, die du leer lässt, bleiben diesmal ohne Wert."
      schema={schema}
      mutation={create}
      onRecorded={onRecorded}
    />
  );
}
