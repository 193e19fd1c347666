import type { Probe } from '../probe';

const MODELS_TIMEOUT_MS = 3_000;

/**
 * AI engine. With OPENAI_BASE_URL unset the built-in analyst engine answers in-process, so it is online whenever
 * the server is. With a model server configured, GET {OPENAI_BASE_URL}/models (the OpenAI protocol's cheapest call)
 * within 3 s: online on 2xx, limited when rate limited (429), offline otherwise.
 *
 * When the Financial Agent lands, this probe asks its engine's own health check instead (the built-in engine a
 * tiny question), keeping the same statuses.
 */
export const aiEngineProbe: Probe = {
  service: {
    id: 'ai',
    name: 'AI engine',
    category: 'AI',
    description: 'The Financial Agent that answers chat questions and writes insights.',
  },
  async check({ deps, signal }) {
    const { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey } = deps.config;
    if (!baseUrl) return { status: 'online' };
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/models`, {
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
      signal: AbortSignal.any([signal, AbortSignal.timeout(MODELS_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    if (response.ok) return { status: 'online' };
    if (response.status === 429) return { status: 'limited', detail: 'model server is rate limiting' };
    return { status: 'offline', detail: `model server answered ${response.status}` };
  },
};
