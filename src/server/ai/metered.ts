import type { UsageFeature } from '../../shared/limits';
import { reserveUsage, type UsageReservation } from '../modules/usage/service';
import { runAgentTurn, type AgentAnswer, type AgentDeps, type AgentTurnInput } from './agent';

/**
 * An agent answer that costs one unit of a daily limit: reserved before the engine runs (429 at the limit), given
 * back if the answer fails or the engine could not tell what was asked (nonsense, an unknown symbol). The chat, the social hub's insight (chatMessages) and the portfolio review
 * (portfolioAnalyses) all go through here.
 */
export async function runMeteredAgentTurn(
  deps: AgentDeps,
  feature: UsageFeature,
  input: AgentTurnInput,
  /** Runs after the reservation, before the engine (e.g. to tell a stream how much is left). */
  onReserved?: (reservation: UsageReservation) => void,
): Promise<{ answer: AgentAnswer; reservation: UsageReservation }> {
  const reservation = reserveUsage(deps, input.userId, feature);
  try {
    onReserved?.(reservation);
    const answer = await runAgentTurn(deps, input);
    if (!answer.understood) reservation.refund();
    return { answer, reservation };
  } catch (error) {
    reservation.refund();
    throw error;
  }
}
