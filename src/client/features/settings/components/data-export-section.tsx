import { ACCOUNT_EXPORT_DOWNLOAD } from '../../../../shared/account-export.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { germanDateTime } from '../../../lib/lazy-format.ts';
import { useAccountExport, useRequestAccountExport } from '../api/account-export.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

/**
 * settings.account 'Meine Daten herunterladen' (DSGVO Art. 15/20): asks for an archive of
 * everything the account holds and offers its download; a large one is built in the background
 * and announced by mail (src/server/account/export/).
 */
export function DataExportSection() {
  const current = useAccountExport();
  const request = useRequestAccountExport();
  const data = current.data;
  return (
    <section aria-labelledby="data-export" className="max-w-lg space-y-4 border-t border-slate-200 pt-6">
      <h2 id="data-export" className="text-lg font-semibold text-slate-900">
        Deine Daten
      </h2>
      <p className="text-sm text-slate-700">
        Ein ZIP-Archiv mit allem, was dein Konto bei Kompass Studio hat: Profil, deine Podcasts mit Zielen,
        Strategie, Kennzahlen, Experimenten, Kommentaren, Tipps und Hörerzahlen, deine Mitgliedschaften und
        Einladungen. Tabellen als CSV, dazu JSON-Dateien, erklärt in einer README-Datei. Einmal pro Stunde
        möglich.
      </p>
      {request.isError && <Banner tone="error">{apiError(request.error).message}</Banner>}
      {data?.status === 'pending' && (
        <Banner tone="info">
          Dein Archiv wird erstellt.{' '}
          {data.notify ? 'Wir schicken dir eine E-Mail, sobald es fertig ist.' : ''}
        </Banner>
      )}
      {data?.status === 'failed' && (
        <Banner tone="error">
          Das Archiv konnte nicht erstellt werden. Bitte fordere es noch einmal an.
        </Banner>
      )}
      {data?.status === 'ready' && data.expires_at && (
        <Banner tone="success">
          Dein Archiv ist fertig ({size(data.bytes ?? 0)}, erstellt am {germanDateTime(data.ready_at!)}). Es
          liegt bis zum {germanDateTime(data.expires_at)} bereit.{' '}
          <a className="font-semibold underline" href={ACCOUNT_EXPORT_DOWNLOAD} download>
            Archiv herunterladen
          </a>
        </Banner>
      )}
      <Button
        type="button"
        variant="secondary"
        pending={request.isPending}
        disabled={data?.status === 'pending'}
        onClick={() => request.mutate()}
      >
        Meine Daten herunterladen
      </Button>
      {data?.next_at && (
        <p className="text-sm text-slate-600">
          Ein neues Archiv kannst du ab {germanDateTime(data.next_at)} anfordern.
        </p>
      )}
    </section>
  );
}
