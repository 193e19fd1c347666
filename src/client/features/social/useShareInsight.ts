import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { insightMessage } from '../../../shared/social/insight';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { InsightMetadata, MessageType } from '../../../shared/social/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { LimitNotice } from '../chat/useAgentChat';

type Send = (content: string, type: MessageType, metadata: InsightMetadata) => Promise<boolean>;

/**
 * 'Generate & Share' (issue 11): asks the Financial Agent through POST /api/ai/insight's procedure (grounded, one chat
 * message of the daily allowance), toasts 'Insight generated!', then sends the answer as an `insight` message.
 * Past the daily limit the Usage Limit Reached popup opens; other failures toast 'Failed to generate insight'.
 */
export function useShareInsight(send: Send) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState<LimitNotice | null>(null);
  const insight = useMutation(trpc.chat.insight.mutationOptions());

  const generateAndShare = async (question: string): Promise<boolean> => {
    let answer;
    try {
      answer = await insight.mutateAsync({ question });
    } catch (error) {
      const body = errorBodyOf(error);
      if (body.limitReached) {
        setLimit({ feature: body.feature ?? 'chatMessages', used: body.used ?? body.limit ?? 10, limit: body.limit ?? 10, resetsAt: body.resetsAt });
      } else {
        toast({ title: M.insightFailed, description: body.message, variant: 'destructive' });
      }
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: trpc.usage.stats.queryKey() });
    }
    toast({ title: M.insightGenerated });
    const { content, metadata } = insightMessage(answer, question, new Date());
    return send(content, 'insight', metadata);
  };

  return { generateAndShare, generating: insight.isPending, limit, clearLimit: () => setLimit(null) };
}
