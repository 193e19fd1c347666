/** product.md §3: an update entry. */
export type UpdateCategory = 'feature' | 'improvement' | 'fix' | 'security';

export interface UpdateEntry {
  id: string;
  title: string;
  description: string;
  category: UpdateCategory;
  version: string;
  /** ISO 8601 */
  publishedAt: string;
}

/**
 * The built-in entries, 1.7.8 to 2.6.0, newest first (the page sorts them again by date, so the order here is only
 * for the reader). The remote list is disabled, so these are the only ones the page shows.
 */
export const BUILT_IN_UPDATES: readonly UpdateEntry[] = [
  {
    id: 'social-hub',
    title: 'Social Hub',
    description:
      'Add friends by username, accept or decline requests, chat in real time and share the AI insights you find with a friend.',
    category: 'feature',
    version: '2.6.0',
    publishedAt: '2026-11-22T10:35:00Z',
  },
  {
    id: 'candles',
    title: 'Candlestick charts with volume',
    description:
      'Switch any chart between a line and candles; volume bars sit under the price, and drawn lines stay put.',
    category: 'feature',
    version: '2.5.0',
    publishedAt: '2026-11-22T10:00:00Z',
  },
  {
    id: 'portfolios',
    title: 'Portfolios',
    description:
      "Track your holdings at live prices with today's change and total return, import them from CSV, check their risk and share a read-only link.",
    category: 'feature',
    version: '2.4.0',
    publishedAt: '2026-11-22T09:16:00Z',
  },
  {
    id: 'forecasts',
    title: 'Forecasts from the Financial Agent',
    description:
      'Ask for a forecast and the agent draws a hypothetical price range, with the method behind it one click away.',
    category: 'feature',
    version: '2.3.0',
    publishedAt: '2026-11-22T09:04:00Z',
  },
  {
    id: 'financial-agent',
    title: 'Financial Agent',
    description:
      'An AI assistant that looks up quotes, history and your portfolio, streams its answer and names the source and time of every figure.',
    category: 'feature',
    version: '2.2.0',
    publishedAt: '2026-11-22T09:03:00Z',
  },
  {
    id: 'status-page',
    title: 'System status page',
    description: 'See whether every Tickwise service is up right now, with 90 days of uptime per service.',
    category: 'improvement',
    version: '2.1.0',
    publishedAt: '2026-11-22T08:51:00Z',
  },
  {
    id: 'live-charts',
    title: 'Live charts',
    description:
      'Charts now update live every minute, with timeframes 1D, 5D, 1M, 6M, YTD, 1Y and 5Y and a price readout when you hover.',
    category: 'feature',
    version: '2.0.0',
    publishedAt: '2025-06-18T00:00:00Z',
  },
  {
    id: 'ai-agent',
    title: 'AI Agent in the chart view',
    description: 'Open the Financial Agent from the trading toolbar; it knows which symbol you are looking at.',
    category: 'feature',
    version: '1.9.5',
    publishedAt: '2025-06-02T00:00:00Z',
  },
  {
    id: 'captcha',
    title: 'CAPTCHA protection',
    description:
      'Repeated failed sign-ins now trigger a short security check to keep accounts safe from guessing attacks.',
    category: 'security',
    version: '1.9.2',
    publishedAt: '2025-05-21T00:00:00Z',
  },
  {
    id: 'moving-averages',
    title: 'Moving averages and signals',
    description: 'MA20 and MA50 overlays with buy and sell markers where the averages cross.',
    category: 'improvement',
    version: '1.9.0',
    publishedAt: '2025-05-08T00:00:00Z',
  },
  {
    id: 'watchlist-refresh',
    title: 'Faster watchlist refresh',
    description: 'The popular-stocks watchlist refreshes every 30 seconds without reloading the page.',
    category: 'improvement',
    version: '1.8.4',
    publishedAt: '2025-04-24T00:00:00Z',
  },
  {
    id: 'portfolio-sync-fix',
    title: 'Portfolio totals fixed',
    description: 'Total value and gain/loss now stay in step with holding prices after an Update Prices refresh.',
    category: 'fix',
    version: '1.8.2',
    publishedAt: '2025-04-10T00:00:00Z',
  },
  {
    id: 'session-hardening',
    title: 'Session hardening',
    description: 'Sign-in sessions use HttpOnly cookies and end everywhere they should when you sign out.',
    category: 'security',
    version: '1.8.0',
    publishedAt: '2025-03-27T00:00:00Z',
  },
  {
    id: 'search-fix',
    title: 'Stock search fixes',
    description: 'Searching for tickers with a dot, such as BRK.B, now finds the right company.',
    category: 'fix',
    version: '1.7.8',
    publishedAt: '2025-03-12T00:00:00Z',
  },
];

/** Newest first by date; a shared date puts the higher version first. */
export function newestFirst(entries: readonly UpdateEntry[]): UpdateEntry[] {
  return [...entries].sort(
    (a, b) =>
      Date.parse(b.publishedAt) - Date.parse(a.publishedAt) ||
      b.version.localeCompare(a.version, 'en', { numeric: true }),
  );
}
