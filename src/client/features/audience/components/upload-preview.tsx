// The preview of an uploaded file: what kind of table it is (the server's guess in German, which
// the podcaster may correct), its columns with sample values and what a column means, and which
// column feeds which series (pre-filled with the server's guess or the mapping remembered for this
// shape of file). A zip holds several reports: each is listed with its kind and one is chosen.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AudienceMapping, UploadColumn, UploadKind, UploadReport } from '../../../../shared/audience.ts';
import {
  audienceSeries,
  audienceSeriesLabels,
  uploadKindLabels,
} from '../../../../shared/audience-vocabulary.ts';
import { apiError } from '../../../api/errors.ts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import type { CommitUpload } from '../api/audience.ts';
import { number } from './format.ts';

type Preview = UploadReport & { id: number; reports: UploadReport[] };
type Result = {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The first unreadable rows (at most 100); `error_count` counts all. */
  errors: { line: number; message: string }[];
  error_count: number;
};
type Commit = UseMutationResult<Result, Error, CommitUpload>;
type Import = Omit<CommitUpload, 'uploadId'>;

const kindLabels: Record<UploadColumn['kind'], string> = { date: 'Datum', number: 'Zahl', text: 'Text' };
const fields = ['date', ...audienceSeries] as const;
type Field = (typeof fields)[number];
const fieldLabels: Record<Field, string> = { date: 'Datum', ...audienceSeriesLabels };
/** The kinds a podcaster can choose; 'Nicht verwendbar' is only ever the server's verdict. */
const choosable = Object.fromEntries(
  Object.entries(uploadKindLabels).filter(([kind]) => kind !== 'unusable'),
) as Record<Exclude<UploadKind, 'unusable'>, string>;

const count = (n: number, one: string, many: string) => `${number().format(n)} ${n === 1 ? one : many}`;

/** 'N neue Tage, M aktualisiert, K unverändert' (episodes for a table per episode). */
export const importSummary = (r: Pick<Result, 'inserted' | 'updated' | 'unchanged'>, episodes = false) =>
  `${episodes ? count(r.inserted, 'neue Folge', 'neue Folgen') : count(r.inserted, 'neuer Tag', 'neue Tage')}, ${number().format(r.updated)} aktualisiert, ${number().format(r.unchanged)} unverändert`;

export function UploadPreview({
  preview,
  commit,
  onImport,
}: {
  preview: Preview;
  commit: Commit;
  onImport: (body: Import) => void;
}) {
  const zip = preview.reports.length > 0;
  const reports = zip ? preview.reports : [preview];
  const [name, setName] = useState(preview.name);
  const report = reports.find((r) => r.name === name) ?? preview;
  return (
    <section aria-labelledby="upload-preview" className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 id="upload-preview" className="font-semibold text-slate-900">
        Vorschau: {count(report.rows, 'Zeile', 'Zeilen')}
      </h3>
      {zip && (
        <ReportList
          reports={reports}
          selected={report.name}
          onSelect={(next) => {
            commit.reset();
            setName(next);
          }}
        />
      )}
      <ReportForm
        key={report.name}
        report={report}
        commit={commit}
        onImport={(body) => onImport(zip ? { ...body, report: report.name } : body)}
      />
    </section>
  );
}

/** A zip's reports, each with its kind and what it means; the podcaster picks one to import. */
function ReportList({
  reports,
  selected,
  onSelect,
}: {
  reports: UploadReport[];
  selected: string;
  onSelect: (name: string) => void;
}) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        Die Zip-Datei enthält {count(reports.length, 'Bericht', 'Berichte')}. Wähle den, den du importieren
        willst; die anderen bleiben einen Tag lang zum Import bereit.
      </p>
      <ul className="space-y-2" aria-label="Berichte in der Zip-Datei">
        {reports.map((r) => (
          <li key={r.name} className="rounded-lg border border-slate-200 p-3 text-sm">
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="upload-report"
                value={r.name}
                checked={r.name === selected}
                disabled={r.kind === 'unusable'}
                onChange={() => onSelect(r.name)}
                className="mt-1"
              />
              <span>
                <span className="font-medium text-slate-900">{r.name}</span> · {uploadKindLabels[r.kind]}
                <span className="block text-slate-700">{r.kind_message}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReportForm({
  report,
  commit,
  onImport,
}: {
  report: UploadReport;
  commit: Commit;
  onImport: (body: Import) => void;
}) {
  const [kind, setKind] = useState<UploadKind>(report.kind);
  const [mapping, setMapping] = useState<Partial<Record<Field, string>>>(() =>
    Object.fromEntries(fields.map((f) => [f, report.mapping[f] ?? ''])),
  );
  const options = Object.fromEntries(report.columns.map((c) => [c.name, c.name]));
  const error = commit.isError ? apiError(commit.error) : undefined;
  const fieldError = (f: Field) => error?.errors[`mapping.${f}`] ?? error?.errors[f];
  const downloads = report.columns.find((c) => c.name === mapping.downloads);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = Object.fromEntries(fields.flatMap((f) => (mapping[f] ? [[f, mapping[f]]] : [])));
    // The kind only when corrected: else the server guesses it again under the mapping chosen here
    // (a running total in a column the guess had not mapped is still read as one).
    const corrected = kind === report.kind ? {} : { kind };
    onImport({ mapping: { date: '', ...chosen } as AudienceMapping, ...corrected });
  };
  if (report.kind === 'unusable') return <Banner tone="warning">{report.kind_message}</Banner>;
  return (
    <>
      <ColumnTable columns={report.columns} />
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Spalten zuordnen">
        <div className="space-y-1" data-testid="upload-kind">
          <p className="text-sm font-medium text-slate-800">Erkannt: {uploadKindLabels[report.kind]}</p>
          <p className="text-sm text-slate-700">{report.kind_message}</p>
        </div>
        <SelectField
          label="Art der Tabelle"
          name="kind"
          options={choosable}
          value={kind}
          hint="Stimmt die Art nicht, wähle die richtige: Wir prüfen sie an der Datei."
          onChange={(e) => setKind(e.target.value as UploadKind)}
          error={error?.errors.kind}
        />
        {kind === 'episodes' ? (
          <p className="text-sm text-slate-700">
            Die Spalten einer Tabelle je Folge ordnen wir selbst zu: Titel oder GUID, Veröffentlichung und
            Downloads nach Alter der Folge.
          </p>
        ) : (
          <>
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
            <p className="text-sm text-slate-700" data-testid="upload-downloads">
              {downloads
                ? `Als Downloads zählt „${downloads.name}“${downloads.note ? ` (${downloads.note})` : ''}.`
                : 'Keine Spalte zählt als Downloads.'}
            </p>
          </>
        )}
        {error && !fields.some((f) => fieldError(f)) && !error.errors.kind && (
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
      {commit.data && <ImportResult result={commit.data} episodes={kind === 'episodes'} />}
    </>
  );
}

function ColumnTable({ columns }: { columns: UploadColumn[] }) {
  return (
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
          {columns.map((c) => (
            <tr key={c.name} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1 pr-3 font-normal text-slate-900">
                {c.name}
              </th>
              <td className="py-1 pr-3 text-slate-700">
                {kindLabels[c.kind]}
                {c.note && <span className="block text-slate-600">{c.note}</span>}
              </td>
              <td className="py-1 text-slate-700">{c.samples.slice(0, 3).join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ImportResult({ result, episodes }: { result: Result; episodes: boolean }) {
  return (
    <div className="space-y-2" data-testid="import-result">
      <Banner tone={result.errors.length > 0 ? 'warning' : 'success'}>
        Importiert: {importSummary(result, episodes)}.
      </Banner>
      {result.errors.length > 0 && (
        <>
          <p className="text-sm font-medium text-slate-800">
            {result.error_count === 1 ? 'Diese Zeile' : `Diese ${number().format(result.error_count)} Zeilen`}{' '}
            konnten wir nicht {episodes ? 'übernehmen' : 'lesen'}
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
