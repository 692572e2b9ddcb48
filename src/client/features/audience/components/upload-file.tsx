// 'Datei hochladen': a CSV or TSV export goes to the server, which answers with its columns and a
// mapping it guessed (or remembered for a file of the same shape); the user checks the mapping in
// the preview and imports. The result says what changed and lists the rows it could not read.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Podcast } from '../../../../shared/podcasts.ts';
import { apiError } from '../../../api/errors.ts';
import { Button } from '../../../components/button.tsx';
import { FieldError } from '../../../components/text-field.tsx';
import { useCommitUpload, useUploadFile } from '../api/audience.ts';
import { UploadPreview } from './upload-preview.tsx';

export function UploadFile({ podcast }: { podcast: Podcast }) {
  const upload = useUploadFile(podcast.id);
  const commit = useCommitUpload(podcast.id);
  const input = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const error = missing
    ? 'Bitte wähle eine CSV- oder TSV-Datei.'
    : upload.isError
      ? apiError(upload.error).message
      : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setMissing(!file);
    if (!file) return;
    commit.reset();
    upload.mutate(file);
  };
  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          Datei hochladen
        </h3>
        <p className="text-sm text-slate-700">
          Ein Export deines Hosters, Spotify for Creators, die Zip-Datei von Apple Podcasts Connect oder eine
          Tabelle: Zahlen je Tag, eine laufende Summe oder eine Tabelle je Folge. Wir erkennen die Art und
          sagen sie dir vor dem Import. Dieselbe Datei noch einmal ändert nichts; eine neuere aktualisiert,
          was sich überschneidet.
        </p>
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
            CSV- oder TSV-Datei
          </label>
          <input
            ref={input}
            id={id}
            name="upload"
            type="file"
            accept=".csv,.tsv,.txt,.zip,text/csv,text/tab-separated-values,application/zip"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={() => setMissing(false)}
            className="block w-full text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-900"
          />
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
            CSV, TSV oder Zip, höchstens 5 MB.
          </p>
          {error && <FieldError id={`${id}-error`} message={error} />}
        </div>
        <Button type="submit" variant="secondary" pending={upload.isPending}>
          {upload.isPending ? 'Lade hoch...' : 'Datei hochladen'}
        </Button>
      </form>
      {upload.data && (
        <UploadPreview
          key={upload.data.id}
          preview={upload.data}
          commit={commit}
          onImport={(body) => commit.mutate({ uploadId: upload.data.id, ...body })}
        />
      )}
    </div>
  );
}
