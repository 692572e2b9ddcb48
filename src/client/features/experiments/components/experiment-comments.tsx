// The experiment's comments and activity (§2 experiments.show): the newest page of each at once,
// older ones on „Ältere anzeigen“ (lib/older-pages.ts). Comments: the form first, then the ones
// written offline (the newest, not sent yet), then the sent ones newest first (Entscheidung CLI-10).
import { useId } from 'react';
import type { Experiment } from '../../../../shared/experiments.ts';
import { eventType, trackableType } from '../../../../shared/vocabulary.ts';
import type { OutboxItem } from '../../../../browser/offline-db.ts';
import { Avatar, displayName } from '../../../components/avatar.tsx';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { OlderButton } from '../../../components/older-button.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useForm } from '../../../lib/forms.ts';
import { without } from '../../../lib/older-pages.ts';
import { germanDateTime } from '../../../lib/lazy-format.ts';
import {
  useComments,
  useCreateComment,
  useEvents,
  useOlderComments,
  useOlderEvents,
} from '../api/experiments.ts';
import { QueuedComments } from './outbox-notes.tsx';
import { Card } from './shared.tsx';

/** The comment form's schema loads when it is first submitted (lib/forms.ts). */
const commentForm = () => import('../../../../shared/experiments.ts').then((m) => m.commentFormSchema);

export function Comments({
  experiment,
  writable,
  outbox,
}: {
  experiment: Experiment;
  writable: boolean;
  outbox: OutboxItem[];
}) {
  const comments = useComments(experiment.id);
  const create = useCreateComment(experiment.id);
  const form = useForm(commentForm, create, { onSuccess: (_, element) => element.reset() });
  const older = useOlderComments(experiment.id);
  const listId = useId();
  const first = comments.data ?? [];
  // Each page is oldest first: newest first means each page reversed, the older pages after it.
  const list = [...without(first, [...older.pages].reverse().flat()), ...first].reverse();
  return (
    <Card id="experiment-comments" title="Kommentare">
      {writable && (
        <form noValidate onSubmit={form.onSubmit} className="mb-4 space-y-3">
          {form.message && !form.errors.content && <Banner tone="error">{form.message}</Banner>}
          <TextareaField
            name="content"
            label="Kommentar"
            rows={3}
            maxLength={2000}
            placeholder="Füge einen Kommentar hinzu..."
            error={form.errors.content}
          />
          <Button pending={form.pending}>Kommentieren</Button>
        </form>
      )}
      <QueuedComments items={outbox} />
      {list.length > 0 && (
        <ul id={listId} className="mb-4 space-y-3">
          {list.map((c) => (
            <li key={c.id} className="flex gap-3">
              <Avatar user={c.user} size="xs" />
              <div className="min-w-0">
                <p className="text-sm text-slate-600">
                  <span className="font-medium text-slate-800">{displayName(c.user)}</span> ·{' '}
                  {germanDateTime(c.created_at)}
                </p>
                {/* Text, never markup: React escapes it. */}
                <p className="break-words whitespace-pre-line text-slate-900">{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {comments.data && <OlderButton older={older} controls={listId} />}
    </Card>
  );
}

export function Activity({ experimentId }: { experimentId: number }) {
  const events = useEvents(experimentId);
  const older = useOlderEvents(experimentId);
  const listId = useId();
  const first = events.data ?? [];
  // Newest first: the older pages go below.
  const list = [...first, ...without(first, older.pages.flat())];
  return (
    <Card id="experiment-activity" title="Aktivitäten">
      {list.length === 0 ? (
        <p className="text-slate-700">Bisher noch leer. Starte z.B. als Nächstes ein Experiment.</p>
      ) : (
        <ol id={listId} className="space-y-3 border-l-2 border-slate-200 pl-4">
          {list.map((ev) => (
            <li key={ev.id}>
              <p className="text-slate-900">
                {trackableType.labels[ev.trackable_type]}
                {ev.subject ? ` „${ev.subject}“` : ''} {eventType.labels[ev.event_type]}
              </p>
              <p className="text-sm text-slate-600">
                {ev.user ? displayName(ev.user) : 'Ehemaliges Mitglied'} · {germanDateTime(ev.created_at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {events.data && <OlderButton older={older} controls={listId} />}
    </Card>
  );
}
