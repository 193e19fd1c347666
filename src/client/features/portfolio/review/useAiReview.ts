import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ErrorBody } from '../../../../shared/errors';
import { DAILY_LIMITS } from '../../../../shared/limits';
import type { PortfolioReview } from '../../../../shared/portfolio/review';
import { REVIEW_FAILED } from '../../../../shared/portfolio/review';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useUsageStats } from '../../../lib/useUsageStats';

/** The limit a review ran into: what the Usage Limit Reached popup shows. */
export interface ReviewLimit {
  used: number;
  limit: number;
  resetsAt?: string;
}

/**
 * The AI Review of one portfolio: runs it (one of the day's portfolio analyses), keeps the latest answer in the
 * query cache for the session (leaving and reopening the portfolio shows it again; signing out clears it), says
 * how many reviews are left, and turns failures into the limit popup or a toast with a retry.
 */
export function useAiReview(portfolioId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const usage = useUsageStats();
  const [limit, setLimit] = useState<ReviewLimit | null>(null);
  const [failure, setFailure] = useState<ErrorBody | null>(null);

  const cacheKey = ['portfolio-review', portfolioId] as const;
  // Never fetched: the answer is put here by the mutation, and kept while the session lasts.
  const latest = useQuery<PortfolioReview>({ queryKey: cacheKey, queryFn: skipToken, gcTime: Infinity });

  const review = useMutation(
    trpc.portfolios.review.mutationOptions({
      onMutate: () => setFailure(null),
      onSuccess: (answer) => queryClient.setQueryData(cacheKey, answer),
      onError: (error) => {
        const body = errorBodyOf(error);
        if (body.limitReached) {
          setLimit({
            used: body.used ?? body.limit ?? DAILY_LIMITS.portfolioAnalyses,
            limit: body.limit ?? DAILY_LIMITS.portfolioAnalyses,
            resetsAt: body.resetsAt,
          });
          return;
        }
        setFailure(body);
        void toast({ title: REVIEW_FAILED, description: body.message, variant: 'destructive' });
      },
      // Spent or given back, the count on the button and on /upgrade changes.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.usage.stats.queryKey() }),
    }),
  );

  const dailyLimit = usage.data?.limits.portfolioAnalyses ?? DAILY_LIMITS.portfolioAnalyses;
  const used = usage.data?.today.portfolioAnalyses;
  return {
    run: () => review.mutate({ id: portfolioId }),
    pending: review.isPending,
    answer: latest.data ?? null,
    failure,
    limit,
    clearLimit: () => setLimit(null),
    /** Reviews left today; null until the usage stats arrive. */
    remaining: used === undefined ? null : Math.max(0, dailyLimit - used),
    dailyLimit,
  };
}
