import type { UsageFeature } from '../../../shared/limits';
import { runAgentTurn, type AgentAnswer, type AgentDeps, type AgentTurnInput } from '../../ai/agent';
import { reserveUsage, type UsageDeps, type UsageReservation } from './service';

/**
 * Lives with the usage module, not the agent: the AI layer only answers, and the daily limit is this module's job.
 *
 * An agent answer that costs one unit of a daily limit: reserved before the engine runs (429 at the limit), given
 * back if the answer fails, is cut off by the model server's timeout, or the engine could not tell what was asked
 * (nonsense, an unknown symbol). The chat, the social hub's insight (chatMessages) and the portfolio review
 * (portfolioAnalyses) all go through here.
 */
export interface MeteredTurn {
  readonly reservation: UsageReservation;
  /**
   * Runs the engine; the unit is given back if the answer fails, the model server ran out of time writing it, or
   * the question was not understood.
   */
  run(input: AgentTurnInput): Promise<AgentAnswer>;
}

/** Takes the unit now (429 at the limit), so a caller can refuse or accept a turn before anything runs. */
export async function reserveAgentTurn(
  deps: AgentDeps & UsageDeps,
  feature: UsageFeature,
  userId: string,
): Promise<MeteredTurn> {
  const reservation = await reserveUsage(deps, userId, feature);
  return {
    reservation,
    async run(input) {
      try {
        const answer = await runAgentTurn(deps, input);
        // The model server ran out of time mid-answer: the user keeps what arrived but does not pay for it. Nor
        // for an answer that only asks what was meant.
        if (answer.cutOff === 'timeout' || !answer.understood) await reservation.refund();
        return answer;
      } catch (error) {
        await reservation.refund();
        throw error;
      }
    },
  };
}

/** Reserves and runs in one go, for callers with nothing to check in between (the insight, the portfolio review). */
export async function runMeteredAgentTurn(
  deps: AgentDeps & UsageDeps,
  feature: UsageFeature,
  input: AgentTurnInput,
): Promise<{ answer: AgentAnswer; reservation: UsageReservation }> {
  const turn = await reserveAgentTurn(deps, feature, input.userId);
  return { answer: await turn.run(input), reservation: turn.reservation };
}
