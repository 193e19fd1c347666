import { DAILY_LIMITS, formatResetsIn } from '../../../shared/limits';
import { useUsageStats } from '../../lib/useUsageStats';
import { useNow } from '../../lib/useNow';

export interface ChatAllowance {
  limit: number;
  /** Messages used today; null until the stats have loaded. */
  used: number | null;
  remaining: number | null;
  /** None left: sending and the suggestion chips are off instead of failing on the server. */
  exhausted: boolean;
  /** When they come back ('5 hours'), once exhausted. */
  resetsIn: string | null;
}

/** Today's chat messages against the daily limit. */
export function useChatAllowance(): ChatAllowance {
  const now = useNow();
  const stats = useUsageStats();
  const limit = stats.data?.limits.chatMessages ?? DAILY_LIMITS.chatMessages;
  const used = stats.data?.today.chatMessages ?? null;
  const remaining = used === null ? null : Math.max(0, limit - used);
  const exhausted = remaining === 0;
  return { limit, used, remaining, exhausted, resetsIn: exhausted ? formatResetsIn(stats.data!.resetsAt, now) : null };
}

/** The words by a disabled send button or suggestion list. */
export const limitReachedText = (resetsIn: string | null) =>
  `Daily limit reached: new messages in ${resetsIn ?? 'a few hours'}.`;
