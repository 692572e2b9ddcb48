import { type InstallMode, promptInstall, useInstallMode } from '../lib/install.ts';
import { Button } from './button.tsx';

/** iOS has no install prompt: the share menu does it ('Teilen → Zum Home-Bildschirm'). */
export function IosInstallSteps() {
  return (
    <p className="text-sm text-slate-700">
      Tippe unten in Safari auf <strong className="font-semibold text-slate-900">Teilen</strong> →{' '}
      <strong className="font-semibold text-slate-900">Zum Home-Bildschirm</strong>. Danach startest du
      Kompass Studio wie eine App, auch ohne Netz.
    </p>
  );
}

/** The landing's offer to install (button or iOS steps); nothing once installed. */
export function InstallPanel() {
  const mode = useInstallMode();
  return mode && <InstallOffer mode={mode} />;
}

/**
 * The offer for one mode. The served landing has both rendered at build time, in templates its
 * script shows without React (src/client/landing-script.tsx).
 */
export function InstallOffer({ mode }: { mode: NonNullable<InstallMode> }) {
  return (
    <section
      aria-labelledby="install-heading"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="install-heading" className="font-semibold text-slate-900">
        Kompass Studio als App
      </h2>
      {mode === 'prompt' ? (
        <>
          <p className="mt-1 mb-3 text-sm text-slate-700">
            Auf dem Home-Bildschirm, mit Methoden auch ohne Netz.
          </p>
          <Button type="button" variant="secondary" onClick={() => void promptInstall()}>
            App installieren
          </Button>
        </>
      ) : (
        <div className="mt-1">
          <IosInstallSteps />
        </div>
      )}
    </section>
  );
}
