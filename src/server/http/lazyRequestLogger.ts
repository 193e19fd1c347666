import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type LogFn = FastifyBaseLogger['info'];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/**
 * A request's logger, bound to its request id, made on first use. Fastify gives every request a pino child, and pino
 * serializes its bindings as it makes one, yet almost no request logs through it: the everyday access line is written
 * with the id by hand (accessLine.ts). Errors, warnings and anything else still go through a real child, with the id.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  // The level methods (fatal … trace) are on the prototype, below: one small object per request is all this costs.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  silent(): void {}

  forward(level: Level, args: unknown[]): void {
    const real = this.real;
    Reflect.apply(real[level], real, args);
  }

  child(bindings: Bindings, options?: Parameters<FastifyBaseLogger['child']>[1]): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]) {
    this.forward(level, args);
  };
}

/** Fastify's childLoggerFactory: a lazy child, or a real one at once when the route sets its own level or serializers. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  opts,
) => (opts && Object.keys(opts).length > 0 ? logger.child(bindings, opts) : new LazyRequestLogger(logger, bindings));
