import { useMemo } from 'react';
import { evaluationKind } from '../../../../shared/vocabulary.ts';
import { MetricsDialog, metricValues } from '../../../components/metrics-dialog.tsx';
import { useEvaluate } from '../api/experiments.ts';

type Kind = (typeof evaluationKind.keys)[number];

export type EvaluationProps = { podcastId: number; experimentId: number; kind: Kind; onRecorded: () => void };

/**
 * An experiment's evaluation: its values join the podcast's metrics history as an interim or
 * final evaluation of the experiment.
 */
export function EvaluationDialogContent(props: EvaluationProps & { defaultOpen?: boolean }) {
  const evaluate = useEvaluate(props.experimentId, props.podcastId);
  const label = evaluationKind.labels[props.kind];
  const { experimentId, kind } = props;
  const schema = useMemo(
    () =>
      metricValues(() => import('../../../../shared/experiments.ts').then((m) => m.evaluationSchema), {
        experiment_id: experimentId,
        evaluation: kind,
      }),
    [experimentId, kind],
  );
  return (
    <MetricsDialog
      label={label}
      variant={props.kind === 'final' ? 'primary' : 'secondary'}
      description={`${label}: Trag ein, was du heute weißt. Felder, die du leer lässt, bleiben diesmal ohne Wert.`}
      schema={schema}
      mutation={evaluate}
      onRecorded={props.onRecorded}
      defaultOpen={props.defaultOpen}
    />
  );
}
