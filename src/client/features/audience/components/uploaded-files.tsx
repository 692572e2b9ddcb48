// The uploads of the 'Datei-Upload' source one by one: file, when, days and series, and for owner
// and managers 'Entfernen' of that upload alone (asked first): its days go back to what the other
// files said (server: audience/upload-imports.ts, Entscheidung AUD-16).
import type { AudienceImport } from '../../../../shared/audience-imports.ts';
import { audienceSeriesLabels } from '../../../../shared/audience-vocabulary.ts';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { RemoveDialog } from '../../../components/remove-dialog.tsx';
import { germanDateTime } from '../../../lib/lazy-format.ts';
import { useRemoveImport, useUploadImports } from '../api/upload-imports.ts';
import { germanDay, number } from './format.ts';

/** What one upload holds, in a line: '30 Tage (01.11.2026 bis 30.11.2026) · Downloads, Follower'. */
export function importSummary(item: AudienceImport) {
  const days = item.days === 1 ? '1 Tag' : `${number().format(item.days)} Tage`;
  const span =
    item.first_day && item.last_day ? ` (${germanDay(item.first_day)} bis ${germanDay(item.last_day)})` : '';
  const series = item.series.map((s) => audienceSeriesLabels[s]).join(', ');
  return `${days}${span}${series ? ` · ${series}` : ''}`;
}

export const importName = (item: AudienceImport) => item.file_name ?? 'Frühere Uploads';

export function UploadImports({
  podcast,
  manage,
  offline,
}: {
  podcast: Podcast;
  manage: boolean;
  offline: boolean;
}) {
  const query = useUploadImports(podcast.id);
  const remove = useRemoveImport(podcast.id);
  if (!query.data || query.data.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-900">Hochgeladene Dateien</h4>
      <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Hochgeladene Dateien">
        {query.data.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            aria-label={importName(item)}
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{importName(item)}</p>
              <p className="text-slate-700">
                {item.file_name ? `Hochgeladen am ${germanDateTime(item.created_at)} Uhr · ` : ''}
                {importSummary(item)}
              </p>
            </div>
            {manage && !offline && (
              <RemoveDialog
                name={importName(item)}
                description="Die Tage dieser Datei zeigen wieder, was deine anderen Dateien und Quellen sagen; Tage, die nur sie geliefert hat, werden gelöscht."
                trigger={
                  <Button
                    type="button"
                    variant="ghost"
                    pending={remove.isPending && remove.variables === item.id}
                    className="text-red-800"
                    aria-label={`${importName(item)} entfernen`}
                  >
                    Entfernen
                  </Button>
                }
                onConfirm={() => remove.mutate(item.id)}
              />
            )}
          </li>
        ))}
      </ul>
      {remove.isError && <Banner tone="error">{apiError(remove.error).message}</Banner>}
    </div>
  );
}
