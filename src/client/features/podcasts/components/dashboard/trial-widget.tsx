import { can } from '../../../../../shared/roles.ts';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { ProgressBar } from '../../../../components/progress-bar.tsx';
import { ConversionLink, WidgetCard } from './widget-card-actions.tsx';

/** The Pro trial (§2, §4): days left and how much of it has passed; only while `only_trial`. */
export function TrialWidget({ podcast }: { podcast: Podcast }) {
  if (!podcast.only_trial) return null;
  const { trial_days, days_passed, days_left } = podcast.trial;
  return (
    <WidgetCard title="Studio Pro testen">
      <p className="text-slate-700">
        Noch <strong className="text-slate-900">{days_left}</strong> {days_left === 1 ? 'Tag' : 'Tage'} im
        Studio Pro. Danach geht es mit Studio Basic kostenlos weiter.
      </p>
      <div className="mt-3">
        <ProgressBar
          value={days_passed}
          max={trial_days}
          label="Testphase"
          valueText={`${days_passed} von ${trial_days} Tagen vergangen`}
        />
        <p className="mt-1 text-sm text-slate-600">
          {days_passed} von {trial_days} Tagen vergangen
        </p>
      </div>
      {/* Buying Pro is the owner's decision (contract.manage); the others see the countdown. */}
      {can(podcast.role.key, 'contract.manage') && (
        <ConversionLink podcast={podcast}>Studio Pro behalten</ConversionLink>
      )}
    </WidgetCard>
  );
}
