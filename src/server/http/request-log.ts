// Fastify's per-request log lines (two per request at `info`) cost a third of the throughput of
// a small API route. This controller writes none for requests that went well or failed on the
// client's side; the error handler logs every unexpected error with its stack, and this adds one
// line per 5xx answer.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && reply.statusCode < 500) return;
    // A 503 with Retry-After is a deliberate "try again" (a database outage, a full image queue):
    // its cause is logged where it was decided, once per episode (db/faults.ts), not per request.
    if (reply.statusCode === 503 && reply.hasHeader('retry-after')) return;
    request.log.error(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
        ...(error && { err: error }),
      },
      'request failed',
    );
  }
}

type Bindings = Record<string, unknown>;
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * `request.log` without a pino child per request: the child (which binds the request id) is made
 * when the request first logs, which most never do. Making it for every request cost about as much
 * as the session lookup of a cached read.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger() {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}
  private log(level: Level, args: unknown[]) {
    const logger = this.logger;
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

export const lazyChildLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
