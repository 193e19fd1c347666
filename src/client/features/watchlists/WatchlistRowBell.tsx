/**
 * Where a row's alert bell goes (issue 30 §2). Alerts are built on another branch (features/alerts/AlertBell): when
 * they merge, this renders `<AlertBell symbol={symbol} />`. Until then the slot renders nothing, so no row shows a
 * control that does nothing.
 */
export function WatchlistRowBell(_props: { symbol: string }) {
  return null;
}
