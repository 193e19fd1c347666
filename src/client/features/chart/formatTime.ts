/** Hover labels in the viewer's local time; formatters built once because hover runs on every mouse move. */
const withTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatPointTime(ms: number, intraday: boolean): string {
  return (intraday ? withTime : dateOnly).format(ms);
}
