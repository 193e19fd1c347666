import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { insightMessage } from '../../../shared/social/insight';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { LimitNotice } from '../chat/useAgentChat';
import type { OutgoingMessage } from './useConversation';

type Send = (outgoing: OutgoingMessage) => Promise<boolean>;

/**
 * 'Generate & Share' (issue 11): asks the Financial Agent through POST /api/chat's procedure (grounded, one chat
 * message of the daily allowance, stored in the user's Agent history), toasts 'Insight generated!', then shares the
 * stored answer by its id: the server makes the insight's text and sources from it, so they cannot be forged.
 * Past the daily limit the Usage Limit Reached popup opens; other failures toast 'Failed to generate insight'.
 */
export function useShareInsight(send: Send) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState<LimitNotice | null>(null);
  const insight = useMutation(trpc.chat.ask.mutationOptions());

  const generateAndShare = async (question: string): Promise<boolean> => {
    let answer;
    try {
      answer = await insight.mutateAsync({ message: question });
    } catch (error) {
      const body = errorBodyOf(error);
      if (body.limitReached) {
        setLimit({
          feature: body.feature ?? 'chatMessages',
          used: body.used ?? body.limit ?? 10,
          limit: body.limit ?? 10,
          resetsAt: body.resetsAt,
        });
      } else {
        void toast({ title: M.insightFailed, description: body.message, variant: 'destructive' });
      }
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: trpc.usage.stats.queryKey() });
    }
    void toast({ title: M.insightGenerated });
    return send({
      messageType: 'insight',
      agentMessageId: answer.messageId,
      preview: insightMessage(answer, question, new Date()),
    });
  };

  return { generateAndShare, generating: insight.isPending, limit, clearLimit: () => setLimit(null) };
}
