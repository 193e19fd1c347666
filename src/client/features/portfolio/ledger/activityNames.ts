import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { describeActivity } from './describeActivity';

/**
 * Each activity's name for its Edit and Delete buttons, e.g. "Buy 10 AAPL at $150.00 on 1 Mar 2024". Two activities
 * can read the same (the same buy twice on a day), so a repeated name gets "(2 of 2)": a screen-reader user and a
 * test can then still tell the buttons apart.
 */
export function activityNames(activities: readonly Activity[]): Map<string, string> {
  const described = activities.map((a) => [a.id, describeActivity(a)] as const);
  const totals = new Map<string, number>();
  for (const [, text] of described) totals.set(text, (totals.get(text) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const [id, text] of described) {
    const total = totals.get(text) ?? 1;
    const nth = (seen.get(text) ?? 0) + 1;
    seen.set(text, nth);
    names.set(id, total > 1 ? `${text} (${nth} of ${total})` : text);
  }
  return names;
}
