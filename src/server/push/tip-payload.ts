// What a tip's notification says: the subject as the title, the podcast and the message's first
// sentence (markdown stripped) as a short body, and the tip's address in the app.
import type { PushPayload } from '../../shared/push.ts';

const BODY_MAX = 140;

/** Markdown to plain text, enough for a notification line: links keep their text. */
export function plainText(markdown: string) {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function tipPayload(
  tip: { id: number; subject: string; message: string },
  podcastTitle: string,
): PushPayload {
  const text = plainText(tip.message);
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  const body = `${podcastTitle}: ${sentence}`;
  return {
    title: tip.subject,
    body: body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1).trimEnd()}…` : body,
    url: `/app/assistances/${tip.id}`,
    tag: `tip-${tip.id}`,
  };
}
