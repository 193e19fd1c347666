/** The provider does not know the symbol (routers answer 404 'Stock not found'). */
export class SymbolNotFoundError extends Error {
  constructor(readonly symbol: string) {
    super(`Unknown symbol ${symbol}`);
    this.name = 'SymbolNotFoundError';
  }
}

/** The upstream failed or timed out and no earlier answer was kept to fall back on. */
export class MarketUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Market data is temporarily unavailable', { cause });
    this.name = 'MarketUnavailableError';
  }
}

export class UpstreamTimeoutError extends Error {
  constructor(ms: number) {
    super(`Market data provider did not answer within ${ms} ms`);
    this.name = 'UpstreamTimeoutError';
  }
}
