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
 * request. The count of a second's held-back lines is handed out once the second is over, with the next answer.
 */
export class AccessLineBudget {
  private second = -1;
  private readonly routes = new Map<string, RouteWindow>();

  constructor(private readonly perSecond = ACCESS_LINES_PER_ROUTE_PER_SECOND) {}

  /**
   * Whether this answer of `route` may have its own line at `nowMs`, and the held-back counts of the second that just
   * ended (empty on all but the first answer of a new second).
   */
  take(route: string, nowMs: number): { allowed: boolean; ended: SkippedLines[] } {
    const second = Math.floor(nowMs / 1000);
    let ended: SkippedLines[] = NONE;
    if (second !== this.second) {
      ended = this.closeWindow();
      this.second = second;
    }
    let window = this.routes.get(route);
    if (!window) this.routes.set(route, (window = { written: 0, skipped: 0 }));
    if (window.written < this.perSecond) {
      window.written++;
      return { allowed: true, ended };
    }
    window.skipped++;
    return { allowed: false, ended };
  }

  private closeWindow(): SkippedLines[] {
    const ended: SkippedLines[] = [];
    for (const [route, window] of this.routes) {
      if (window.skipped > 0) ended.push({ route, skipped: window.skipped, second: this.second });
    }
    this.routes.clear();
    return ended.length ? ended : NONE;
  }
}

const NONE: SkippedLines[] = [];
