import { useState } from 'react';
import { AuthCard } from '../../../components/public-layout.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { SetupAccountStep } from './setup-account-step.tsx';
import { SetupPodcastStep } from './setup-podcast-step.tsx';
import { SetupThanks } from './setup-thanks.tsx';

type Step = 'podcast' | 'account' | 'done';

const steps = [
  { key: 'podcast', label: 'Podcast anlegen' },
  { key: 'account', label: 'Account erstellen' },
] as const;

function StepList({ current }: { current: Step }) {
  return (
    <ol aria-label="Schritte der Registrierung" className="mb-6 grid grid-cols-2 gap-2 text-sm">
      {steps.map((step, index) => {
        const active = step.key === current;
        const done = current === 'done' || (current === 'account' && step.key === 'podcast');
        return (
          <li
            key={step.key}
            aria-current={active ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-xl border px-3 py-2 ${
              active
                ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900'
                : 'border-slate-200 text-slate-600'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                active || done ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'
              }`}
            >
              {done ? '✓' : index + 1}
            </span>
            {step.label}
          </li>
        );
      })}
    </ol>
  );
}

/** /setup: the two-step registration wizard of §2, then the thank-you. */
export function SetupPage() {
  const [step, setStep] = useState<Step>('podcast');
  const [email, setEmail] = useState('');
  const [title, setTitle] = useState('');
  useDocumentTitle('Kostenlos registrieren');
  return (
    <AuthCard title="Kostenlos registrieren">
      <StepList current={step} />
      {/* Both steps stay mounted, the other one hidden: 'Zurück' then 'Weiter' finds the e-mail,
          both passwords and the checkboxes as they were typed (Entscheidung FAUTH-1). */}
      <div hidden={step !== 'podcast'}>
        <SetupPodcastStep
          title={title}
          onNext={(typed) => {
            setTitle(typed);
            setStep('account');
          }}
        />
      </div>
      {step !== 'done' && (
        <div hidden={step !== 'account'}>
          <SetupAccountStep
            extra={{ podcast_title: title }}
            onBack={() => setStep('podcast')}
            onDone={(address) => {
              setEmail(address);
              setStep('done');
            }}
          />
        </div>
      )}
      {step === 'done' && <SetupThanks email={email} />}
    </AuthCard>
  );
}
