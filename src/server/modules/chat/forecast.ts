import type { ForecastHorizon } from '../../../shared/chat/schemas';
import { marketSource } from '../../ai/tools/common';
import { forecastTool } from '../../ai/tools/forecast';
import { ToolFailure } from '../../ai/tools/types';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { reserveUsage, type UsageReservation } from '../usage/service';

/**
 * POST /api/forecast: one forecast graph without a chat message, e.g. for a chart's 'forecast' button. Costs one
 * 'Graph Generation', taken by the tool once the data is there and given back if the graph fails.
 */
export async function generateForecast(
  deps: Pick<AppDeps, 'market' | 'now' | 'db'>,
  userId: string,
  input: { symbol: string; horizon: ForecastHorizon },
) {
  let reservation: UsageReservation | null = null;
  try {
    const result = await forecastTool.run(input, {
      deps,
      userId,
      charge: async (feature) => {
        reservation = await reserveUsage(deps, userId, feature);
      },
    });
    const taken = reservation as UsageReservation | null;
    return {
      artifact: result.artifacts![0],
      summary: result.data,
      source: marketSource(deps.market),
      asOf: new Date(result.asOf).toISOString(),
      usage: taken
        ? { used: taken.used, limit: taken.limit, remaining: taken.remaining, resetsAt: taken.resetsAt }
        : null,
    };
  } catch (error) {
    await (reservation as UsageReservation | null)?.refund();
    if (error instanceof ToolFailure) {
      throw appError(
        /^Unknown symbol/.test(error.message)
          ? 'NOT_FOUND'
          : /unavailable/.test(error.message)
            ? 'SERVICE_UNAVAILABLE'
            : 'BAD_REQUEST',
        error.message,
      );
    }
    throw error;
  }
}
