// The preview of an uploaded file: its columns with sample values, and which column feeds which
// series (pre-filled with the server's guess or the mapping remembered for this shape of file).
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AudienceMapping, UploadColumn } from '../../../../shared/audience.ts';
import { audienceSeries, audienceSeriesLabels } from '../../../../shared/audience-vocabulary.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { number } from './format.ts';

type Preview = { id: number; columns: UploadColumn[]; rows: number; mapping: Partial<AudienceMapping> };
type Result = {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The first unreadable rows (at most 100); `error_count` counts all. */
  errors: { line: number; message: string }[];
  error_count: number;
};
type Commit = UseMutationResult<Result, Error, { uploadId: number; mapping: AudienceMapping }>;

const kindLabels: Record<UploadColumn['kind'], string> = { date: 'Datum', number: 'Zahl', text: 'Text' };
const fields = ['date', ...audienceSeries] as const;
type Field = (typeof fields)[number];
const fieldLabels: Record<Field, string> = { date: 'Datum', ...audienceSeriesLabels };

const days = (n: number, one: string, many: string) => `${number().format(n)} ${n === 1 ? one : many}`;

/** 'N neue Tage, M aktualisiert, K unverändert'. */
export const importSummary = (r: Pick<Result, 'inserted' | 'updated' | 'unchanged'>) =>
  `${days(r.inserted, 'neuer Tag', 'neue Tage')}, ${number().format(r.updated)} aktualisiert, ${number().format(r.unchanged)} unverändert`;

export function UploadPreview({
  preview,
  commit,
  onImport,
}: {
  preview: Preview;
  commit: Commit;
  onImport: (mapping: AudienceMapping) => void;
}) {
  const [mapping, setMapping] = useState<Partial<Record<Field, string>>>(() =>
    Object.fromEntries(fields.map((f) => [f, preview.mapping[f] ?? ''])),
  );
  const options = Object.fromEntries(preview.columns.map((c) => [c.name, c.name]));
  const error = commit.isError ? apiError(commit.error) : undefined;
  const fieldError = (f: Field) => error?.errors[`mapping.${f}`] ?? error?.errors[f];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = Object.fromEntries(fields.flatMap((f) => (mapping[f] ? [[f, mapping[f]]] : [])));
    onImport({ date: '', ...chosen } as AudienceMapping);
  };
  return (
    <section aria-labelledby="upload-preview" className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 id="upload-preview" className="font-semibold text-slate-900">
        Vorschau: {days(preview.rows, 'Zeile', 'Zeilen')}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Spalten der Datei mit Beispielwerten</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Spalte
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Erkannt als
              </th>
              <th scope="col" className="py-1 font-medium">
                Beispiele
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.columns.map((c) => (
              <tr key={c.name} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1 pr-3 font-normal text-slate-900">
                  {c.name}
                </th>
                <td className="py-1 pr-3 text-slate-700">{kindLabels[c.kind]}</td>
                <td className="py-1 text-slate-700">{c.samples.slice(0, 3).join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Spalten zuordnen">
        <p className="text-sm text-slate-700">
          Ordne den Kennzahlen ihre Spalten zu. Für die nächste Datei dieser Form merken wir uns die
          Zuordnung.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <SelectField
              key={f}
              label={fieldLabels[f]}
              name={f}
              options={options}
              placeholder={f === 'date' ? 'Spalte wählen' : 'Keine'}
              value={mapping[f] ?? ''}
              onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value }))}
              error={fieldError(f)}
            />
          ))}
        </div>
        {error && !fields.some((f) => fieldError(f)) && (
          <Banner tone="error">
            {/* A file of which no row could be read lists the first lines and why (errors.upload). */}
            {(error.errors.upload ?? error.errors.mapping ?? [error.message]).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Banner>
        )}
        <Button type="submit" pending={commit.isPending} disabled={commit.isSuccess}>
          {commit.isPending ? 'Importiere...' : 'Importieren'}
        </Button>
      </form>
      {commit.data && <ImportResult result={commit.data} />}
    </section>
  );
}

function ImportResult({ result }: { result: Result }) {
  return (
    <div className="space-y-2" data-testid="import-result">
      <Banner tone={result.errors.length > 0 ? 'warning' : 'success'}>
        Importiert: {importSummary(result)}.
      </Banner>
      {result.errors.length > 0 && (
        <>
          <p className="text-sm font-medium text-slate-800">
            {result.error_count === 1 ? 'Diese Zeile' : `Diese ${number().format(result.error_count)} Zeilen`}{' '}
            konnten wir nicht lesen
            {result.error_count > result.errors.length
              ? ` (hier die ersten ${number().format(result.errors.length)})`
              : ''}
            :
          </p>
          <ul
            tabIndex={0}
            aria-label="Zeilen, die wir nicht lesen konnten"
            className="max-h-60 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm text-slate-800"
          >
            {result.errors.map((e) => (
              <li key={e.line}>
                Zeile {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
