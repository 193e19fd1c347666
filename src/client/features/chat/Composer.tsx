import { ActionIcon, Badge, CloseButton, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import { IconArrowUp, IconChartLine } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { MAX_CHAT_MESSAGE_LENGTH } from '../../../shared/chat/schemas';
import { limitReachedText, useChatAllowance } from './useChatAllowance';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  /** The chart in view, shown as a removable chip: its symbol is what 'this stock' means. */
  symbol: string | null;
  onClearSymbol: (() => void) | null;
}

/**
 * product.md §2: Enter sends, Shift+Enter adds a newline, the box grows to at most 120 px; send is off while pending
 * or blank, and once the day's messages are used up (with the time they come back).
 */
export function Composer({ value, onChange, onSend, pending, symbol, onClearSymbol }: Props) {
  const blank = value.trim().length === 0;
  const { exhausted, resetsIn } = useChatAllowance();
  const canSend = !pending && !blank && !exhausted;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };
  return (
    <Stack gap={6}>
      {symbol && (
        <Group gap={4}>
          <Badge
            variant="light"
            color="violet"
            leftSection={<IconChartLine size={12} />}
            rightSection={
              onClearSymbol ? (
                <CloseButton size="xs" aria-label={`Stop asking about ${symbol}`} onClick={onClearSymbol} />
              ) : undefined
            }
            data-testid="agent-context"
          >
            Viewing {symbol}
          </Badge>
        </Group>
      )}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Message the Financial Agent"
          placeholder={
            exhausted
              ? limitReachedText(resetsIn)
              : symbol
                ? `Ask about ${symbol} or any stock…`
                : 'Ask about any stock…'
          }
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          style={{ flex: 1 }}
          styles={{ input: { maxHeight: 120 } }}
          data-testid="agent-input"
          // The agent's dialog focuses this box when it opens: typing a question is why it was opened.
          data-autofocus
        />
        <Tooltip label={exhausted ? limitReachedText(resetsIn) : pending ? 'Waiting for the answer' : 'Send (Enter)'}>
          <ActionIcon
            size={36}
            radius="xl"
            color="violet"
            variant="filled"
            aria-label="Send message"
            onClick={onSend}
            disabled={!canSend}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
