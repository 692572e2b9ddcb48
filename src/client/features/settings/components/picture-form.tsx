import { useId, useState, type FormEvent } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MAX_MB, imageMessages } from '../../../../shared/images.ts';
import { apiError } from '../../../api/errors.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { FieldError } from '../../../components/text-field.tsx';
import { useUser } from '../../../lib/session.ts';
import { useUploadImage } from '../api/upload-image.ts';
import { SectionHeading } from './settings-layout.tsx';

/** settings.picture: upload a profile picture (the server re-encodes it). */
export function PictureForm() {
  const user = useUser();
  const upload = useUploadImage();
  const id = useId();
  const [clientError, setClientError] = useState<string>();
  const server = upload.isError ? apiError(upload.error) : undefined;
  const error = clientError ?? server?.errors?.upload?.[0];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get('upload');
    if (!(file instanceof File) || file.size === 0) return setClientError(imageMessages.missing);
    if (file.size > IMAGE_MAX_BYTES) return setClientError(imageMessages.tooLarge);
    setClientError(undefined);
    upload.mutate(file, { onSuccess: () => form.reset() });
  }

  return (
    <form noValidate className="max-w-lg space-y-5" onSubmit={onSubmit}>
      <SectionHeading title="Profilbild">Ein Foto oder Logo, am besten quadratisch.</SectionHeading>
      {server && !server.errors?.upload && <Banner tone="error">{server.message}</Banner>}
      {upload.isSuccess && <Banner tone="success">Dein Profilbild wurde gespeichert.</Banner>}
      {user && (
        <div className="flex items-center gap-4">
          <Avatar user={user} size="lg" />
          <p className="text-sm text-slate-600">
            {user.image ? 'Dein aktuelles Profilbild' : 'Noch kein Profilbild'}
          </p>
        </div>
      )}
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          Bild auswählen
        </label>
        <input
          id={id}
          name="upload"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="block w-full text-sm text-slate-700 file:mr-4 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-100"
        />
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          PNG, JPG, WebP, GIF oder AVIF, höchstens {IMAGE_MAX_MB} MB.
        </p>
        {error && <FieldError id={`${id}-error`} message={error} />}
      </div>
      <Button pending={upload.isPending}>Hochladen</Button>
    </form>
  );
}
