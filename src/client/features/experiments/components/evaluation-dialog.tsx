import { evaluationKind } from '../../../../shared/vocabulary.ts';
import { Button } from '../../../components/button.tsx';
import { deferred } from '../../../components/deferred.tsx';
import { OnlineOnly } from '../../../components/online-only.tsx';
import type { EvaluationProps } from './evaluation-dialog-content.tsx';

/**
 * Entscheidung CLI-9: the dialog (radix's dialog and the metrics form, ~35 KB gzipped)
 * loads after the experiment's first screen (components/deferred.tsx); until then a button that
 * looks the same stands in, and a tap on it loads the dialog and opens it.
 */
const Dialog = deferred(() =>
  import('./evaluation-dialog-content.tsx').then((m) => m.EvaluationDialogContent),
);

/**
 * An experiment's evaluation: its values join the podcast's metrics history as an interim or
 * final evaluation of the experiment.
 */
export function EvaluationDialog(props: EvaluationProps) {
  return (
    <Dialog
      {...props}
      placeholder={(open) => (
        <OnlineOnly>
          {(cut, note) => (
            <Button
              type="button"
              variant={props.kind === 'final' ? 'primary' : 'secondary'}
              aria-haspopup="dialog"
              aria-expanded="false"
              disabled={cut}
              aria-describedby={note}
              onClick={open}
            >
              {evaluationKind.labels[props.kind]}
            </Button>
          )}
        </OnlineOnly>
      )}
    />
  );
}
