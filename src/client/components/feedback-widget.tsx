import { useEffect } from 'react';
import { useFeedbackWidget } from '../lib/feedback-open.ts';
import { deferred } from './deferred.tsx';

const Dialog = deferred(() => import('./feedback-dialog.tsx').then((m) => m.FeedbackDialog));

/** Loads the dialog's code at once when it is opened before the first screen had settled. */
function LoadNow({ load }: { load: () => void }) {
  useEffect(load, [load]);
  return null;
}

/** The feedback widget (feedback-dialog.tsx); its code loads after the first screen. */
export function FeedbackWidget() {
  const open = useFeedbackWidget((s) => s.open);
  return <Dialog placeholder={(load) => open && <LoadNow load={load} />} />;
}
