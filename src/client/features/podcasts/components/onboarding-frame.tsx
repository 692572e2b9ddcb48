import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** The wizard's three steps (§2: 0 create, 1 confirm, 2 profile); complete has none of its own. */
const steps = ['Anlegen', 'Bestätigen', 'Profil'] as const;
/** 3: all done (the complete screen). */
export type OnboardingStep = 0 | 1 | 2 | 3;

type Status = 'current' | 'complete' | 'pending';
const statusOf = (index: number, current: number): Status =>
  index === current ? 'current' : index < current ? 'complete' : 'pending';

/** Said to screen readers after the step's name; the current one is also `aria-current`. */
const statusText: Record<Status, string> = {
  current: 'aktueller Schritt',
  complete: 'erledigt',
  pending: 'noch offen',
};

function OnboardingSteps({ current }: { current: OnboardingStep }) {
  return (
    <ol aria-label="Schritte der Einrichtung" className="grid grid-cols-3 gap-2">
      {steps.map((label, index) => {
        const status = statusOf(index, current);
        return (
          <li
            key={label}
            data-status={status}
            aria-current={status === 'current' ? 'step' : undefined}
            // Phones: the number above the name, so 'Bestätigen' fits a third of the width.
            className={`flex min-w-0 flex-col items-center gap-1 rounded-xl border px-1.5 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:px-2.5 sm:text-left sm:text-sm ${
              status === 'current'
                ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900'
                : 'border-slate-200 text-slate-700'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                status === 'pending' ? 'bg-slate-200 text-slate-700' : 'bg-brand-700 text-white'
              }`}
            >
              {status === 'complete' ? '✓' : index + 1}
            </span>
            <span className="max-w-full">{label}</span>
            <span className="sr-only">({statusText[status]})</span>
          </li>
        );
      })}
    </ol>
  );
}

type Props = { step: OnboardingStep; title: string; intro?: ReactNode; children: ReactNode };

/** Frame of onboarding's steps: the page's h1, the step list, the step's card. */
export function OnboardingFrame({ step, title, intro, children }: Props) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <OnboardingSteps current={step} />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <div className="mt-2 text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
