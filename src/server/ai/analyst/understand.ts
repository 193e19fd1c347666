import { parseViewingPrefix } from '../../../shared/chat/schemas';
import type { ConversationTurn } from '../engine';
import { readAmount } from './entities/amounts';
import type { Plan } from './plan';
import { readMessage, type Readers } from './reading';
import { resolve } from './resolve';

/**
 * A question in its conversation, understood: each earlier user message is read in turn (so a follow-up of a
 * follow-up still knows its subject and period), then the question itself.
 */

/** Earlier messages read for context, newest last: enough for follow-ups of follow-ups, bounded per answer. */
const MAX_CONTEXT_MESSAGES = 8;

export interface UnderstandInput {
  question: string;
  viewingSymbol: string | null;
  history: readonly ConversationTurn[];
  now: number;
}

async function planOf(
  question: string,
  viewingSymbol: string | null,
  previous: Plan | null,
  readers: Readers,
  now: number,
): Promise<Plan> {
  const reading = readMessage(question, now, readers);
  const plan = resolve(reading, { viewingSymbol, previous });
  if (plan.intent === 'investment_growth') {
    const amount = await readAmount(reading.question, reading.dates.spans);
    if (amount) {
      plan.amount = amount.value;
      plan.amountWritten = amount.currency ? amount.written : null;
    }
  }
  return plan;
}

export async function understand(input: UnderstandInput, readers: Readers): Promise<Plan> {
  let previous: Plan | null = null;
  const earlier = input.history.filter((t) => t.role === 'user').slice(-MAX_CONTEXT_MESSAGES);
  for (const turn of earlier) {
    const { viewingSymbol, text } = parseViewingPrefix(turn.content);
    const plan = await planOf(text.trim(), viewingSymbol, previous, readers, input.now);
    // A message that was only a question back leaves the conversation's subject as it was.
    if (plan.intent !== 'unclear') previous = plan;
  }
  return planOf(input.question, input.viewingSymbol, previous, readers, input.now);
}
