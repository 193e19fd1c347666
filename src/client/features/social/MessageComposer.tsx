import { ActionIcon, Group, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconSend, IconSparkles } from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '../../../shared/social/limits';

interface Props {
  friendName: string;
  /** Resolves false when the message was not sent: its text comes back into the box. */
  onSend: (text: string) => Promise<boolean>;
  onInsight: () => void;
}

/**
 * The conversation's composer (product.md §2): Enter sends, Shift+Enter adds a newline; a blank message is not sent
 * (product.md §5). Sending clears the box at once: the message shows as "Sending…", and if it fails (offline) its
 * text comes back, ahead of anything typed meanwhile, so nothing typed is ever lost.
 */
export function MessageComposer({ friendName, onSend, onInsight }: Props) {
  const [text, setText] = useState('');
  const hintId = useId();
  const blank = text.trim().length === 0;
  const send = () => {
    if (blank) return;
    const message = text.trim();
    setText('');
    void onSend(message).then((sent) => {
      if (!sent) setText((typed) => (typed.trim() ? `${message}\n${typed}` : message));
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <VisuallyHidden id={hintId}>Enter sends, Shift+Enter adds a new line.</VisuallyHidden>
      <Tooltip label="Generate AI Insight">
        <ActionIcon
          size={36}
          radius="xl"
          variant="light"
          color="violet"
          aria-label="Generate AI Insight"
          onClick={onInsight}
        >
          <IconSparkles size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Textarea
        aria-label={`Message ${friendName}`}
        placeholder={`Message ${friendName}…`}
        aria-describedby={hintId}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={MAX_MESSAGE_LENGTH}
        style={{ flex: 1 }}
        data-testid="message-input"
      />
      <Tooltip label="Send (Enter)">
        <ActionIcon size={36} radius="xl" variant="filled" aria-label="Send message" onClick={send} disabled={blank}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
