const format = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment in the exchange's own time zone, e.g. "Fri, Nov 20, 4:00 PM ET": market hours are New York hours. */
export function formatNewYorkTime(time: number): string {
  return `${format.format(time)} ET`;
}
