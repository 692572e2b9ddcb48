import { evaluationSchema } from '../../../../shared/experiments.ts';
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
  return (
    <MetricsDialog
      label={label}
      variant={props.kind === 'final' ? 'primary' : 'secondary'}
      description={`${label}: Trag ein, was du heute weißt. Felder, die du leer lässt, bleiben diesmal ohne Wert.`}
      schema={metricValues(evaluationSchema, { experiment_id: props.experimentId, evaluation: props.kind })}
      mutation={evaluate}
      onRecorded={props.onRecorded}
      defaultOpen={props.defaultOpen}
    />
  );
}
