import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../../../shared/podcasts.ts';
import { buttonClass } from '../../../../components/button.tsx';
import { useUser } from '../../../../lib/session.ts';
import { EditSection, useEditablePodcast } from './edit-section.tsx';

/** The plan as it stands (§4 Podcast plan); payments come with billing in a later issue. */
function planText(podcast: Podcast, lifetime: boolean): { plan: string; detail: string } {
  if (lifetime) {
    return {
      plan: 'Lebenslanger Zugang',
      detail:
        'Du hast als Unterstützer*in lebenslangen Zugang: Alle Funktionen von Studio Pro sind freigeschaltet.',
    };
  }
  if (podcast.only_trial) {
    const { days_left, days_passed, trial_days } = podcast.trial;
    return {
      plan: 'Studio Pro (Testphase)',
      detail: `Noch ${days_left} Tage im Studio Pro. Du testest Studio Pro seit ${days_passed} von ${trial_days} Tagen; danach nutzt dein Podcast Studio Basic.`,
    };
  }
  if (podcast.active) {
    return { plan: 'Studio Pro', detail: 'Studio Pro ist für diesen Podcast freigeschaltet.' };
  }
  return {
    plan: 'Studio Basic',
    detail:
      'Dein Podcast nutzt Studio Basic. Mit Studio Pro bekommst du Tipps von der Kompass-KI, Experimente und Benachrichtigungen.',
  };
}

/** podcast.edit.contract ('Studio Upgrade'): the podcast's plan and the way to Studio Pro. */
export function ContractSection() {
  const { podcast } = useEditablePodcast('contract.manage');
  const lifetime = useUser()?.granted ?? false;
  const { plan, detail } = planText(podcast, lifetime);

  return (
    // Every member may read the plan and look at Studio Pro; redeeming a contract comes later.
    <EditSection title="Studio Upgrade" editable podcast={podcast}>
      <dl className="rounded-xl border border-slate-200 p-4">
        <dt className="text-sm text-slate-600">Aktueller Plan</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900">{plan}</dd>
      </dl>
      <p className="mt-4 text-slate-700">{detail}</p>
      {!lifetime && (!podcast.active || podcast.only_trial) && (
        <Link
          to="/app/podcasts/$id/conversion"
          params={{ id: String(podcast.id) }}
          className={buttonClass('primary', 'mt-5')}
        >
          Studio Pro ansehen
        </Link>
      )}
    </EditSection>
  );
}
