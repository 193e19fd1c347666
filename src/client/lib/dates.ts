/** 'MMM d, yyyy', e.g. 'Mar 4, 2025' (updates page). UTC so a date never shifts by a day. */
export function formatShortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Long weekday date, e.g. 'Tuesday, March 4, 2025', or 'Unknown' (settings, Member Since). */
export function formatMemberSince(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}
