/**
 * A label with its count in brackets, "Requests (3)", once the count is known. While it loads the label stands alone:
 * "(0)" would say there are none before anyone knows.
 */
export function countLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}
