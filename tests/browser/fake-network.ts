// A fake of what the outbox replay meets on the network: the session probe, the CSRF endpoint
// (a new token each time) and the API's writes with their Idempotency-Key (a known key is answered
// from the record, not applied again). Tests script the next answers and read every request.

export type Recorded = { method: string; url: string; headers: Record<string, string>; body?: string };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const messages: Record<number, string> = {
  401: 'Nicht angemeldet.',
  404: 'Nicht gefunden.',
  419: 'Abgelaufen.',
};

export function fakeServer() {
  const scripted: number[] = [];
  const answered = new Map<string, number>();
  let lose = false;
  let tokens = 0;
  let inFlight = 0;
  const server = {
    token: 'token-0',
    /** The user of the session cookie; null: none. */
    signedIn: 1 as number | null,
    requests: [] as Recorded[],
    /** The writes the server applied, in order. */
    applied: [] as string[],
    /** Writes take a few turns of the event loop, so that two replays could overlap. */
    slow: false,
    mostInFlight: 0,
    /** The next writes answer these statuses (without applying anything). */
    answerNext(...statuses: number[]) {
      scripted.push(...statuses);
    },
    /** The next write is applied, but its answer is lost on the way (a network error). */
    loseNextAnswer() {
      lose = true;
    },
    fetch: async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      server.requests.push({ method, url, headers, body: init.body as string | undefined });
      if (url === '/sanctum/csrf-cookie') {
        server.token = `token-${++tokens}`;
        return json(200, { token: server.token });
      }
      if (url === '/api/account/session') {
        return json(200, { data: server.signedIn === null ? null : { id: server.signedIn } });
      }
      if (method !== 'POST') return json(404, { message: messages[404] });
      inFlight++;
      server.mostInFlight = Math.max(server.mostInFlight, inFlight);
      try {
        if (server.slow) for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        const status = scripted.shift();
        if (status !== undefined) return json(status, { message: messages[status] ?? 'Gerade nicht.' });
        if (headers['X-XSRF-TOKEN'] !== server.token) return json(419, { message: messages[419] });
        const key = headers['Idempotency-Key'];
        if (key === undefined || !answered.has(key)) {
          server.applied.push(url);
          if (key !== undefined) answered.set(key, 200);
        }
        if (lose) {
          lose = false;
          throw new TypeError('Failed to fetch');
        }
        return json(200, { data: {} });
      } finally {
        inFlight--;
      }
    },
  };
  return server;
}

export type FakeServer = ReturnType<typeof fakeServer>;

/** Web Locks of one origin: a request runs when the runs before it under that name have ended. */
export function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
