// 'Datenquellen': every role sees the sources and their state; owner and managers
// (`audience.manage`) refresh, remove and add them. Removing asks first (radix AlertDialog).
import type { AudienceSource } from '../../../../shared/audience.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { can } from '../../../../shared/roles.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { WidgetCard } from '../../../components/widget-card.tsx';
import { germanDateTime } from '../../../lib/lazy-format.ts';
import { useAudienceSources, useRefreshSource, useRemoveSource } from '../api/audience.ts';
import { ConnectOp3 } from './connect-op3.tsx';
import { germanDay } from './format.ts';
import { UploadFile } from './upload-file.tsx';
import { UploadImports } from './uploaded-files.tsx';

const typeLabels: Record<AudienceSource['type'], string> = { op3: 'OP3', upload: 'Datei-Upload' };
const statusLabels: Record<AudienceSource['status'], string> = {
  ok: 'Verbunden',
  pending: 'Wird geladen',
  error: 'Fehler',
};
/**
 * A file is not connected nor fetched: its card says that it was imported and when
 * the last file came, OP3's that it is connected and when it was last fetched.
 */
const words = (source: AudienceSource) =>
  source.type === 'upload'
    ? {
        status: source.status === 'ok' ? 'Importiert' : statusLabels[source.status],
        last: 'Zuletzt hochgeladen',
      }
    : { status: statusLabels[source.status], last: 'Zuletzt abgerufen' };
const statusTones: Record<AudienceSource['status'], string> = {
  ok: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-950',
  error: 'bg-red-100 text-red-900',
};

export function SourcesSection({ podcast, offline }: { podcast: Podcast; offline: boolean }) {
  const query = useAudienceSources(podcast.id);
  const manage = can(podcast.role.key, 'audience.manage');
  const sources = query.data ?? [];
  const hasOp3 = sources.some((s) => s.type === 'op3');
  return (
    <WidgetCard title="Datenquellen">
      {query.isPending ? (
        <p className="text-slate-600">Lade die Datenquellen...</p>
      ) : query.isError ? (
        <p className="text-slate-700">
          {offline
            ? 'Offline ist keine gespeicherte Kopie der Datenquellen da.'
            : apiError(query.error).message}
        </p>
      ) : sources.length === 0 ? (
        <p className="text-slate-700">
          Noch keine Datenquelle.{' '}
          {manage
            ? 'Verbinde OP3 oder lade einen Export deines Hosters hoch.'
            : 'Die Inhaber*in oder ein Manager kann OP3 verbinden oder einen Export hochladen.'}
        </p>
      ) : (
        <ul className="space-y-3">
          {sources.map((s) => (
            <SourceItem key={s.id} podcast={podcast} source={s} manage={manage} offline={offline} />
          ))}
        </ul>
      )}
      {manage && !offline && (
        <div className="mt-6 space-y-6">
          {!hasOp3 && query.isSuccess && <ConnectOp3 podcast={podcast} />}
          <UploadFile podcast={podcast} />
        </div>
      )}
      {manage && offline && (
        <p className="mt-4 text-sm text-slate-600">Datenquellen ändern geht nur mit Verbindung.</p>
      )}
    </WidgetCard>
  );
}

function SourceItem({
  podcast,
  source,
  manage,
  offline,
}: {
  podcast: Podcast;
  source: AudienceSource;
  manage: boolean;
  offline: boolean;
}) {
  const refresh = useRefreshSource(podcast.id);
  const remove = useRemoveSource(podcast.id);
  const error = refresh.isError
    ? apiError(refresh.error)
    : remove.isError
      ? apiError(remove.error)
      : undefined;
  const name = typeLabels[source.type];
  return (
    <li className="rounded-xl border border-slate-200 p-4" aria-label={`Datenquelle ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {name}
          {source.show_title && <span className="font-normal text-slate-700"> · {source.show_title}</span>}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${statusTones[source.status]}`}>
          {words(source).status}
        </span>
      </div>
      {source.message && <p className="mt-1 text-slate-700">{source.message}</p>}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {source.token_hint && (
          <>
            <dt className="text-slate-600">Token</dt>
            <dd className="text-slate-900">endet auf …{source.token_hint}</dd>
          </>
        )}
        <dt className="text-slate-600">{words(source).last}</dt>
        <dd className="text-slate-900">
          {source.last_fetched_at ? `${germanDateTime(source.last_fetched_at)} Uhr` : 'noch nie'}
        </dd>
        <dt className="text-slate-600">Zeitraum</dt>
        <dd className="text-slate-900">
          {source.first_day && source.last_day
            ? `${germanDay(source.first_day)} bis ${germanDay(source.last_day)}`
            : 'noch keine Tage'}
        </dd>
      </dl>
      {source.type === 'upload' && <UploadImports podcast={podcast} manage={manage} offline={offline} />}
      {error && (
        <div className="mt-3">
          <Banner tone="error">{error.message}</Banner>
        </div>
      )}
      {manage && !offline && (
        <div className="mt-3 flex flex-wrap gap-2">
          {source.type === 'op3' && (
            <Button
              type="button"
              variant="secondary"
              pending={refresh.isPending}
              aria-label={`${name} aktualisieren`}
              onClick={() => refresh.mutate(source.id)}
            >
              {refresh.isPending ? 'Aktualisiere...' : 'Aktualisieren'}
            </Button>
          )}
          <RemoveButton name={name} pending={remove.isPending} onConfirm={() => remove.mutate(source.id)} />
        </div>
      )}
    </li>
  );
}

function RemoveButton({
  name,
  pending,
  onConfirm,
}: {
  name: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <RemoveDialog
      name={name}
      description={
        name === 'OP3'
          ? 'Das Token wird gelöscht, und mit der Quelle gehen ihre Tageswerte. Du kannst OP3 später erneut verbinden.'
          : 'Die hochgeladenen Tageswerte werden gelöscht. Du kannst die Datei später erneut hochladen.'
      }
      trigger={
        <Button
          type="button"
          variant="ghost"
          pending={pending}
          className="text-red-800"
          aria-label={`${name} entfernen`}
        >
          Entfernen
        </Button>
      }
      onConfirm={onConfirm}
    />
  );
}
