import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FeedbackForm as FeedbackInput } from '../../shared/feedback.ts';
import { apiError } from '../api/errors.ts';
import { bannerMessage } from '../lib/forms.ts';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { TextareaField } from './textarea-field.tsx';
import { TextField } from './text-field.tsx';

const fields = new Set(['message', 'email']);

const send = (input: FeedbackInput) => import('../lib/public-forms.ts').then((m) => m.sendFeedback(input));

/**
 * The feedback form of the feedback page and of the widget: a message, stored with the page it
 * was given on (`page`, a path of this app). Guests may leave an address.
 */
export function FeedbackForm({ page, askEmail = false }: { page: string; askEmail?: boolean }) {
  const mutation = useMutation({ mutationFn: send });
  const [sent, setSent] = useState<string>();
  const server = mutation.isError ? apiError(mutation.error) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    mutation.mutate(
      { message: String(data.get('message') ?? ''), email: String(data.get('email') ?? ''), page },
      {
        onSuccess: (result) => {
          setSent(result.message);
          form.reset();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {server && <Banner tone="error">{bannerMessage(server, fields)}</Banner>}
      {sent && !mutation.isPending && <Banner tone="success">{sent}</Banner>}
      <TextareaField
        label="Dein Feedback"
        name="message"
        hint="Was gefällt dir, was fehlt, was klappt nicht? Wir lesen jede Nachricht."
        error={server?.errors?.message}
      />
      {askEmail && (
        <TextField
          label="Deine E-Mail-Adresse (optional, für eine Antwort)"
          name="email"
          type="email"
          autoComplete="email"
          error={server?.errors?.email}
        />
      )}
      <Button pending={mutation.isPending}>Feedback senden</Button>
    </form>
  );
}
