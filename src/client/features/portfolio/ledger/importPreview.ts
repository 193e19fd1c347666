import type { ActivityType } from '../../../../shared/portfolio/ledger/types';

/** What the activity import preview shows: every row as read, or why it cannot be read. */
export interface ActivityPreview {
  fileError?: string | null;
  rows: Array<{
    line: number;
    activity: {
      type: ActivityType;
      date: string;
      symbol: string | null;
      quantity: string | null;
      price: string | null;
      amount: string | null;
      ratio: string | null;
    } | null;
    error: string | null;
  }>;
}
