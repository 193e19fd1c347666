/**
 * Hover labels in the viewer's local time, on the 12-hour clock like the time axis ("Nov 8, 7:30 PM");
 * formatters built once because hover runs on every mouse move.
 */
const withTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatPointTime(ms: number, intraday: boolean): string {
  return (intraday ? withTime : dateOnly).format(ms);
}
