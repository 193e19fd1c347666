import { runAgentTurn } from '../../../src/server/ai';
import { splitMethodFold } from '../../../src/shared/chat/methodFold';
import type { AgentDeps } from '../../../src/server/ai/agent';
import type { AgentEngine } from '../../../src/server/ai/engine';
import { userTools } from '../../../src/server/modules/chat/userTools';
import type { PortfolioToolCaches } from '../../../src/server/modules/portfolios/agentTool';
import type { AgentTestDeps } from '../../helpers/agentDeps';
import { CORE_AND_A_BIG_BET, seedLedgerPortfolio } from '../../helpers/portfolioSeed';
import { hasKind } from './answerKind';
import type { AnswerForm, EvalQuestion, ExpectedCall } from './questions';

/**
 * Runs the evaluation set through the real agent turn (the configured engine, the real tools against the simulated
 * market, grounding) and scores each answer: exact when it made exactly the expected tool calls, has the expected
 * form (and the expected words), the expected answer kind when the question names one (answerKind.ts), and every
 * figure in it is verified against the tool results.
 */

export interface EvalOutcome {
  question: EvalQuestion;
  calls: ExpectedCall[];
  form: AnswerForm;
  /** Whether the answer has the expected kind; null when the question expects none. */
  kindMatches: boolean | null;
  exact: boolean;
  unverified: string[];
  content: string;
}

/** The engine, with every tool call it makes written down on the way to the real tool. */
function recording(engine: AgentEngine, calls: ExpectedCall[]): AgentEngine {
  return {
    kind: engine.kind,
    label: engine.label,
    health: (signal) => engine.health(signal),
    prepare: () => engine.prepare(),
    answer: (request, io) =>
      engine.answer(request, {
        ...io,
        callTool: (name, args) => {
          calls.push({
            name,
            args: (typeof args === 'string' ? JSON.parse(args) : (args ?? {})) as Record<string, unknown>,
          });
          return io.callTool(name, args);
        },
      }),
  };
}

/** The form a reader sees first (the method fold is closed): a Markdown table, a list, or paragraphs. */
export function formOf(full: string): Exclude<AnswerForm, 'not-understood'> {
  const content = splitMethodFold(full).answer;
  if (/^\s*\|.*\|\s*$/m.test(content) && /^\s*\|\s*:?-{3,}/m.test(content)) return 'table';
  if (/^\s*(?:[-*]|\d+\.)\s+\S/m.test(content)) return 'list';
  return 'prose';
}

/** Arguments compared as JSON with sorted keys; symbol lists in any order. */
function key(c: ExpectedCall): string {
  const args = Object.keys(c.args)
    .sort()
    .map((k) => {
      const v = c.args[k];
      return [k, Array.isArray(v) ? [...v].sort() : v];
    });
  return `${c.name}${JSON.stringify(args)}`;
}

export const sameCalls = (a: ExpectedCall[], b: ExpectedCall[]) =>
  JSON.stringify(a.map(key).sort()) === JSON.stringify(b.map(key).sort());

export async function evaluate(
  deps: AgentDeps & PortfolioToolCaches,
  question: EvalQuestion,
  userId: string,
): Promise<EvalOutcome> {
  const calls: ExpectedCall[] = [];
  const history = (question.history ?? []).flatMap((content) => [
    { role: 'user' as const, content },
    { role: 'assistant' as const, content: 'Here is what the data shows.' },
  ]);
  const message = question.viewing
    ? `[Currently viewing ${question.viewing} chart] ${question.question}`
    : question.question;
  const answer = await runAgentTurn(
    { ...deps, ai: recording(deps.ai, calls) },
    { userId, message, history, extraTools: userTools(deps) },
  );
  const form: AnswerForm = answer.understood === false ? 'not-understood' : formOf(answer.content);
  const { expect } = question;
  // Every figure of an exact answer is one the tools gave (the grounding check verified it).
  const grounded = answer.figures.every((f) => f.verified);
  const kindMatches = expect.kind ? hasKind(expect.kind, answer.content, question.language) : null;
  const exact =
    grounded &&
    sameCalls(calls, expect.tools) &&
    form === expect.form &&
    kindMatches !== false &&
    (!expect.says || expect.says.test(answer.content));
  return {
    question,
    calls,
    form,
    kindMatches,
    exact,
    unverified: answer.figures.filter((f) => !f.verified).map((f) => f.text),
    content: answer.content,
  };
}

/** The clock every evaluation set runs at: a Wednesday, before the NYSE opens. */
export const EVAL_NOW = Date.UTC(2025, 0, 15, 14, 5, 30);

/** Each question asked by a user of its own (forecasts count against a daily limit), holding the same portfolio. */
export async function evaluateEach(env: AgentTestDeps, questions: readonly EvalQuestion[]): Promise<EvalOutcome[]> {
  const outcomes: EvalOutcome[] = [];
  for (const question of questions) {
    const userId = await env.newUser();
    await seedLedgerPortfolio(env.deps.db, userId, {
      name: 'Core and a big bet',
      createdAt: EVAL_NOW - 50_000,
      activities: CORE_AND_A_BIG_BET,
    });
    outcomes.push(await evaluate(env.deps, question, userId));
  }
  return outcomes;
}
