import type { ConversationTurn } from './engine';

/** The model sees at most this much of the conversation before the new message. */
export interface HistoryBudget {
  messages: number;
  characters: number;
}

export const HISTORY_BUDGET: HistoryBudget = { messages: 12, characters: 8_000 };

/**
 * The conversation so far, trimmed to the budget from the oldest end: whole messages only, and never starting with
 * an assistant message (a reply without its question misleads a model). Only a newest message longer than the whole
 * budget is cut.
 */
export function trimHistory(
  turns: readonly ConversationTurn[],
  budget: HistoryBudget = HISTORY_BUDGET,
): ConversationTurn[] {
  const kept: ConversationTurn[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0 && kept.length < budget.messages; i--) {
    const turn = turns[i];
    const room = budget.characters - used;
    if (turn.content.length > room && kept.length > 0) break;
    // Only the newest message is ever cut: a question longer than the whole budget still reaches the model.
    const content = turn.content.length > room ? `${turn.content.slice(0, room)}…` : turn.content;
    kept.unshift({ role: turn.role, content });
    used += content.length;
  }
  while (kept.length && kept[0].role === 'assistant') kept.shift();
  return kept;
}
