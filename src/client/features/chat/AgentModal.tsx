import { Box, Button, Center, Group, Loader, Modal, ScrollArea, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatResetsIn, USAGE_FEATURES } from '../../../shared/limits';
import { UsageLimitPopup } from '../../components/UsageLimitPopup';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';
import { focusAgentLauncher } from './launcherFocus';
import { MessageItem, StreamingItem } from './MessageItem';
import { Suggestions } from './Suggestions';
import { UsageLine } from './UsageLine';
import { useAgentChat } from './useAgentChat';
import classes from './AgentChat.module.css';
import { useNow } from '../../lib/useNow';

const MOBILE_QUERY = '(max-width: 47.99em)';

export interface AgentModalProps {
  opened: boolean;
  onClose: () => void;
  symbol: string | null;
}

/**
 * The Financial Agent (product.md §2, AI chat modal): title 'Financial Agent', suggested questions when the chat is
 * empty, streamed answers with tool progress, source chips and forecast graphs, past conversations, the daily limit.
 * Escape or a click on the backdrop closes it; full screen on phones. Opening focuses the composer; closing puts focus
 * back on the AI agent button.
 */
export default function AgentModal({ opened, onClose, symbol }: AgentModalProps) {
  const now = useNow();
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const chat = useAgentChat();
  const [draft, setDraft] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const [context, setContext] = useState<string | null>(symbol);
  const viewport = useRef<HTMLDivElement>(null);

  // A new chart in view becomes the context again (the user may have removed the chip for the last one): adjusted
  // while rendering, React's pattern for state that follows a prop.
  const [seenSymbol, setSeenSymbol] = useState(symbol);
  if (symbol !== seenSymbol) {
    setSeenSymbol(symbol);
    setContext(symbol);
  }

  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [chat.messages, chat.streaming]);

  const send = async (text: string) => {
    if (chat.pending || !text.trim()) return;
    setDraft('');
    setShowHistory(false);
    const answered = await chat.send(text, context);
    if (!answered) setDraft((current) => current || text);
  };

  const empty = chat.messages.length === 0 && !chat.streaming;
  const limit = chat.limit;

  const conversations = (
    <ConversationList
      activeId={chat.conversationId}
      disabled={chat.pending}
      onOpen={(id) => {
        void chat.open(id);
        if (isMobile) setShowHistory(false);
      }}
      onDeleted={chat.forget}
    />
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title="Financial Agent"
        size={showHistory && !isMobile ? 1000 : 760}
        fullScreen={isMobile}
        centered
        // Focus goes to the composer on open (data-autofocus) and back to the AI agent button once closed.
        returnFocus={false}
        onExitTransitionEnd={focusAgentLauncher}
        radius={isMobile ? 0 : 'lg'}
        classNames={{ body: classes.modalBody, content: classes.modalContent }}
        data-testid="agent-modal"
      >
        <Group justify="space-between" gap="xs" className={classes.toolbar}>
          <Button
            size="xs"
            variant={showHistory ? 'light' : 'subtle'}
            leftSection={<IconHistory size={16} />}
            onClick={() => setShowHistory((v) => !v)}
            aria-pressed={showHistory}
          >
            History
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={chat.startNew}
            disabled={chat.pending || empty}
          >
            New chat
          </Button>
        </Group>

        <div className={classes.columns}>
          {showHistory && <Box className={isMobile ? classes.historyFull : classes.historyPanel}>{conversations}</Box>}
          {!(showHistory && isMobile) && (
            <ScrollArea className={classes.messages} viewportRef={viewport} type="auto" data-testid="agent-messages">
              {chat.loadingConversation ? (
                <Center py="xl">
                  <Loader size="sm" />
                </Center>
              ) : empty ? (
                <Suggestions symbol={context} onPick={(q) => void send(q)} disabled={chat.pending} />
              ) : (
                <Stack gap="md" p={4}>
                  {chat.messages.map((m) => (
                    <MessageItem key={m.id} message={m} />
                  ))}
                  {chat.streaming && <StreamingItem streaming={chat.streaming} />}
                </Stack>
              )}
            </ScrollArea>
          )}
        </div>

        <Stack gap={6} className={classes.footer}>
          <Composer
            value={draft}
            onChange={setDraft}
            onSend={() => void send(draft)}
            pending={chat.pending}
            symbol={context}
            onClearSymbol={context ? () => setContext(null) : null}
          />
          <UsageLine />
        </Stack>
      </Modal>
      {limit && (
        <UsageLimitPopup
          opened
          onClose={chat.clearLimit}
          used={limit.used}
          limit={limit.limit}
          unit={USAGE_FEATURES[limit.feature].unit}
          resetsIn={limit.resetsAt ? formatResetsIn(limit.resetsAt, now) : undefined}
        />
      )}
    </>
  );
}
