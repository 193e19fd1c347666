import type { Probe } from '../probe';

/**
 * AI engine, through the engine's own health check: the built-in analyst answers a tiny question with the real
 * tools; a model server (OPENAI_BASE_URL) lists its models within a few seconds. Online when it answers, limited
 * when the model server is rate limiting, offline otherwise.
 */
export const aiEngineProbe: Probe = {
  service: {
    id: 'ai',
    name: 'AI engine',
    category: 'AI',
    description: 'The Financial Agent that answers chat questions and writes insights.',
  },
  async check({ deps, signal }) {
    const health = await deps.ai.health(signal);
    if (health.ok) return { status: 'online' };
    if (health.rateLimited) return { status: 'limited', detail: health.detail ?? 'model server is rate limiting' };
    return { status: 'offline', detail: health.detail ?? `${deps.ai.label} did not answer` };
  },
};
