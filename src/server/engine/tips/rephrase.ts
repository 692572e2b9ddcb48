// Optional: an OpenAI-compatible chat endpoint (TIP_LLM_URL, off by default) rephrases a tip's
// message. Any failure, a slow answer (TIP_LLM_TIMEOUT_MS) or an odd reply keeps the rule's text,
// so tips never depend on it. Only the tip's own text is sent, no other data of the podcast.
import type { Config } from '../../config.ts';
import { refuseInTransaction } from '../../db/transaction-scope.ts';
import type { Tip } from './rules.ts';

const INSTRUCTION =
  'Du bist die Kompass-KI, eine freundliche Podcast-Beraterin. Formuliere den folgenden Tipp auf Deutsch neu, ' +
  'duze die Leserin oder den Leser, behalte alle Fakten, Zahlen, Namen und Markdown-Links genau bei und ' +
  'antworte nur mit dem neuen Text in Markdown.';

export async function rephrase(config: Pick<Config, 'tips'>, tip: Tip): Promise<string> {
  const llm = config.tips.llm;
  if (!llm) return tip.message;
  refuseInTransaction('A call to the LLM');
  try {
    const response = await fetch(
      new URL('chat/completions', llm.url.endsWith('/') ? llm.url : `${llm.url}/`),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(llm.apiKey && { authorization: `Bearer ${llm.apiKey}` }),
        },
        body: JSON.stringify({
          model: llm.model,
          messages: [
            { role: 'system', content: INSTRUCTION },
            { role: 'user', content: `${tip.subject}\n\n${tip.message}` },
          ],
        }),
        signal: AbortSignal.timeout(llm.timeoutMs),
      },
    );
    if (!response.ok) return tip.message;
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    return typeof text === 'string' && text.trim().length > 0 && text.length <= 4000
      ? text.trim()
      : tip.message;
  } catch {
    return tip.message;
  }
}
