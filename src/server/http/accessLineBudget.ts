/** Everyday access lines each route may write in one second; the rest are counted (see AccessLineBudget). */
export const ACCESS_LINES_PER_ROUTE_PER_SECOND = 50;

interface RouteWindow {
  written: number;
  skipped: number;
}

/** One second of answers of a route that were counted rather than logged one by one. */
export interface SkippedLines {
  route: string;
  skipped: number;
  second: number;
}

/**
 * How many everyday (successful, fast) access lines a route may write per second. Under load a line per request is
 * most of the cost of the hottest endpoint, and thousands of identical lines a second tell an operator less than
 * one count; errors and slow answers are never held back (see AccessLogController). A quiet server logs every
 * request. The count of a second's held-back lines goes to `report` once the second is over, with the next answer.
 * Per instance on purpose: it thins this process's own log, it limits no client.
 */
export class AccessLineBudget {
  private second = -1;
  private readonly routes = new Map<string, RouteWindow>();

  constructor(
    private readonly report: (held: SkippedLines) => void,
    private readonly perSecond = ACCESS_LINES_PER_ROUTE_PER_SECOND,
  ) {}

  /** Whether this answer of `route` may have its own line at `nowMs`. */
  take(route: string, nowMs: number): boolean {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.closeWindow();
      this.second = second;
    }
    let window = this.routes.get(route);
    if (!window) this.routes.set(route, (window = { written: 0, skipped: 0 }));
    if (window.written < this.perSecond) {
      window.written++;
      return true;
    }
    window.skipped++;
    return false;
  }

  private closeWindow(): void {
    for (const [route, window] of this.routes) {
      if (window.skipped > 0) this.report({ route, skipped: window.skipped, second: this.second });
    }
    this.routes.clear();
  }
}
