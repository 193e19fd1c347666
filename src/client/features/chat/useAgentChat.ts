import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withViewingPrefix } from '../../../shared/chat/schemas';
import type { ChatMessageView, LimitHit, ToolActivity } from '../../../shared/chat/types';
import type { UsageFeature } from '../../../shared/limits';
import { errorBodyOf, isUnauthorized } from '../../lib/errors';
import { failureToast, OFFLINE_TOAST } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

/** The answer being written: tool progress and the text so far. */
export interface StreamingAnswer {
  text: string;
  tools: ToolActivity[];
}

/** A daily limit the user ran into, for the Usage Limit Reached popup. */
export interface LimitNotice {
  feature: UsageFeature;
  used: number;
  limit: number;
  resetsAt?: string;
}

export const CHAT_ERROR_FALLBACK = 'Failed to get response from agent';

function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The conversation in the Financial Agent: sends a message over the chat.send subscription and follows its events
 * (tool progress, tokens, the stored answer), loads and starts conversations. product.md §4: idle, then pending
 * (send disabled), then the reply is appended or an error toast appears.
 */
export function useAgentChat() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [streaming, setStreaming] = useState<StreamingAnswer | null>(null);
  const [limit, setLimit] = useState<LimitNotice | null>(null);
  const [loadingConversation, setLoadingConversation] = useState(false);
  const subscription = useRef<{ unsubscribe(): void } | null>(null);
  const pending = streaming !== null;

  useEffect(() => () => subscription.current?.unsubscribe(), []);

  const refreshSideData = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.usage.stats.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.queryKey() });
  }, [queryClient, trpc]);

  /** Sends a message; resolves true when it was answered, false when it failed (the caller keeps the draft). */
  const send = useCallback(
    (text: string, symbol: string | null): Promise<boolean> => {
      const question = text.trim();
      if (!question || subscription.current) return Promise.resolve(false);
      // Offline, the answer's websocket would wait for the connection with the question pending: say so now.
      if (!navigator.onLine) {
        void toast(OFFLINE_TOAST);
        return Promise.resolve(false);
      }
      const optimisticId = -Date.now();
      setMessages((list) => [
        ...list,
        {
          id: optimisticId,
          role: 'user',
          content: question,
          timestamp: new Date().toISOString(),
          ...(symbol ? { viewingSymbol: symbol } : {}),
        },
      ]);
      setStreaming({ text: '', tools: [] });
      return new Promise<boolean>((resolve) => {
        let answered = false;
        let viaHttp = false;
        const finish = () => {
          subscription.current?.unsubscribe();
          subscription.current = null;
          setStreaming(null);
        };
        const fail = (error: unknown) => {
          if (!viaHttp && isUnauthorized(error)) {
            viaHttp = true;
            // The websocket was opened before this sign-in and still carries the old (absent) session; plain HTTP
            // sends the current cookie. The answer then arrives whole instead of streamed.
            answered = true;
            subscription.current?.unsubscribe();
            subscription.current = { unsubscribe: () => undefined };
            void askOverHttp();
            return;
          }
          setMessages((list) => list.filter((m) => m.id !== optimisticId));
          finish();
          const body = errorBodyOf(error);
          if (body.limitReached) {
            setLimit({
              feature: body.feature ?? 'chatMessages',
              used: body.used ?? body.limit ?? 10,
              limit: body.limit ?? 10,
              resetsAt: body.resetsAt,
            });
            refreshSideData();
          } else {
            void toast(
              failureToast(error, {
                title: 'Error',
                description: body.message || CHAT_ERROR_FALLBACK,
                variant: 'destructive',
              }),
            );
          }
          resolve(false);
        };
        const askOverHttp = async () => {
          try {
            const reply = await client.chat.ask.mutate({
              message: withViewingPrefix(symbol, question),
              ...(conversationId ? { conversationId } : {}),
            });
            const conversation = await queryClient.fetchQuery(
              trpc.chat.conversation.queryOptions({ id: reply.conversationId }, { staleTime: 0 }),
            );
            setConversationId(conversation.id);
            setMessages(conversation.messages);
            if (reply.limitHit) setLimit({ ...reply.limitHit });
            finish();
            refreshSideData();
            resolve(true);
          } catch (error) {
            fail(error);
          }
        };
        subscription.current = client.chat.send.subscribe(
          {
            message: withViewingPrefix(symbol, question),
            requestId: newRequestId(),
            ...(conversationId ? { conversationId } : {}),
          },
          {
            onData: ({ data: event }) => {
              switch (event.type) {
                case 'started':
                  setConversationId(event.conversationId);
                  void queryClient.invalidateQueries({ queryKey: trpc.usage.stats.queryKey() });
                  break;
                case 'tool':
                  setStreaming((s) => s && { ...s, tools: upsert(s.tools, event.activity) });
                  break;
                case 'token':
                  setStreaming((s) => s && { ...s, text: s.text + event.text });
                  break;
                case 'reset':
                  setStreaming((s) => s && { ...s, text: '' });
                  break;
                case 'done': {
                  answered = true;
                  setConversationId(event.conversationId);
                  setMessages((list) => [
                    ...list.filter((m) => m.id !== optimisticId),
                    event.userMessage,
                    event.message,
                  ]);
                  const hit: LimitHit | undefined = event.message.answer?.limitHit;
                  if (hit) setLimit({ feature: hit.feature, used: hit.used, limit: hit.limit, resetsAt: hit.resetsAt });
                  finish();
                  refreshSideData();
                  resolve(true);
                  break;
                }
              }
            },
            onError: fail,
            onComplete: () => {
              if (!answered) fail(new Error(CHAT_ERROR_FALLBACK));
            },
          },
        );
      });
    },
    [client, conversationId, queryClient, refreshSideData, trpc],
  );

  const open = useCallback(
    async (id: string) => {
      if (subscription.current) return;
      setLoadingConversation(true);
      try {
        const conversation = await queryClient.fetchQuery(
          trpc.chat.conversation.queryOptions({ id }, { staleTime: 0 }),
        );
        setConversationId(conversation.id);
        setMessages(conversation.messages);
      } catch (error) {
        void toast({ title: 'Error', description: errorBodyOf(error).message, variant: 'destructive' });
      } finally {
        setLoadingConversation(false);
      }
    },
    [queryClient, trpc],
  );

  const startNew = useCallback(() => {
    if (subscription.current) return;
    setConversationId(null);
    setMessages([]);
  }, []);

  /** After a conversation is deleted elsewhere in the modal: forget it if it is the open one. */
  const forget = useCallback((id: string) => {
    setConversationId((current) => {
      if (current === id) setMessages([]);
      return current === id ? null : current;
    });
  }, []);

  return {
    conversationId,
    messages,
    streaming,
    pending,
    send,
    open,
    startNew,
    forget,
    limit,
    clearLimit: () => setLimit(null),
    loadingConversation,
  };
}

function upsert(list: ToolActivity[], activity: ToolActivity): ToolActivity[] {
  const at = list.findIndex((a) => a.id === activity.id);
  if (at < 0) return [...list, activity];
  const copy = [...list];
  copy[at] = activity;
  return copy;
}
