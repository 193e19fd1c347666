import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { DAILY_LIMITS, type UsageFeature } from '../../shared/limits';
import { AppErrorCause } from '../errors/appError';

/**
 * RateLimit-Policy and RateLimit headers (IETF httpapi draft) on calls that spend a daily limit: the policy says
 * q units per window of a day; RateLimit says r remaining and t seconds to the reset. A 429 adds Retry-After.
 */

const POLICY: Record<UsageFeature, string> = {
  chatMessages: 'chat-messages',
  graphGenerations: 'graph-generations',
  portfolioAnalyses: 'portfolio-analyses',
};

export interface Standing {
  limit: number;
  remaining: number;
  resetsAt: string;
}

export function setRateLimitHeaders(reply: FastifyReply, feature: UsageFeature, standing: Standing, now: number): void {
  const seconds = Math.max(0, Math.ceil((Date.parse(standing.resetsAt) - now) / 1000));
  reply.header('RateLimit-Policy', `"${POLICY[feature]}";q=${standing.limit};w=86400`);
  reply.header('RateLimit', `"${POLICY[feature]}";r=${standing.remaining};t=${seconds}`);
}

/**
 * Runs a metered call and labels its answer: from the result's `usage` on success, from the 429's fields at the
 * limit (plus Retry-After). Other errors pass through unlabelled.
 */
export async function withRateLimitHeaders<T extends { usage?: Standing | null }>(
  reply: FastifyReply,
  feature: UsageFeature,
  now: () => number,
  call: () => Promise<T>,
): Promise<T> {
  try {
    const result = await call();
    if (result.usage) setRateLimitHeaders(reply, feature, result.usage, now());
    return result;
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS' && error.cause instanceof AppErrorCause) {
      const { extras } = error.cause;
      if (extras.limitReached && extras.resetsAt) {
        const limitFeature = extras.feature ?? feature;
        setRateLimitHeaders(
          reply,
          limitFeature,
          { limit: extras.limit ?? DAILY_LIMITS[limitFeature], remaining: 0, resetsAt: extras.resetsAt },
          now(),
        );
        reply.header('Retry-After', String(Math.max(1, Math.ceil((Date.parse(extras.resetsAt) - now()) / 1000))));
      }
    }
    throw error;
  }
}
