import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';

/** After registration (§2): thanks, check your inbox, and a login link. */
export function SetupThanks() {
  return (
    <section aria-labelledby="setup-thanks" className="space-y-4" role="status">
      <h2 id="setup-thanks" className="text-lg font-semibold text-slate-900">
        Vielen Dank für deine Registrierung!
      </h2>
      <p className="text-slate-700">
        Wir haben dir eine E-Mail geschickt. Bitte bestätige darin deine E-Mail-Adresse, dann kann es
        losgehen.
      </p>
      <Link to="/login" className={buttonClass('primary', 'w-full')}>
        Zum Login
      </Link>
    </section>
  );
}
