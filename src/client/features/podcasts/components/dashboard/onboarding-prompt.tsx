import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../../components/button.tsx';

/** §2: the dashboard without a podcast (the podcast guard mostly sends such users to onboarding). */
export function OnboardingPrompt() {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Willkommen im Studio</h1>
      <p className="mt-3 text-slate-700">
        Du hast noch keinen Podcast. Lege deinen Podcast an oder importiere ihn über seinen RSS-Feed, dann
        geht es los.
      </p>
      <Link to="/app/onboarding" className={buttonClass('primary', 'mt-5')}>
        Podcast anlegen
      </Link>
    </section>
  );
}
