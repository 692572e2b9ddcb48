// A browser-like client for app.inject: keeps cookies and sends the XSRF header like the PWA.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Body = InjectOptions['payload'];

let clients = 0;

/** Each agent is a client of its own, with its own loopback address (throttles count per client). */
export class Agent {
  readonly cookies = new Map<string, string>();
  readonly remoteAddress: string;
  /** `remoteAddress` is the client's address as the server sees it (default: a new one per agent). */
  constructor(
    private readonly app: FastifyInstance,
    remoteAddress?: string,
  ) {
    clients++;
    this.remoteAddress =
      remoteAddress ?? `127.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: Body,
    headers: Record<string, string> = {},
  ) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method,
      url,
      payload,
      remoteAddress: this.remoteAddress,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(xsrf && { 'x-xsrf-token': xsrf }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  async csrf() {
    return this.request('GET', '/sanctum/csrf-cookie');
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('PUT', url, body, headers);
  delete = (url: string, body?: Body) => this.request('DELETE', url, body);
}

export const json = <T = { message: string; errors?: Record<string, string[]> }>(r: LightMyRequestResponse) =>
  r.json() as T;
