import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_CHAT_MESSAGE_LENGTH } from '../../../shared/chat/schemas';

interface Props {
  opened: boolean;
  friendName: string;
  pending: boolean;
  onClose: () => void;
  /** Generates the insight and shares it; resolves true when both worked (the dialog then closes and clears). */
  onGenerate: (question: string) => Promise<boolean>;
}

/** 'Generate AI Insight' (product.md §2): a question for the Financial Agent, answered and shared with the friend. */
export default function InsightDialog({ opened, friendName, pending, onClose, onGenerate }: Props) {
  const [question, setQuestion] = useState('');
  const blank = question.trim().length === 0;
  const generate = async () => {
    if (blank || pending) return;
    if (await onGenerate(question.trim())) setQuestion('');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Generate AI Insight" centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Ask the Financial Agent a question. Its answer, with sources, is shared with {friendName} as an insight and
          kept in your Agent history. It counts as one of today's AI chat messages.
        </Text>
        <Textarea
          label="Question"
          placeholder="e.g. How volatile has TSLA been this year?"
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          data-autofocus
          data-testid="insight-question-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            leftSection={<IconSparkles size={16} aria-hidden />}
            onClick={() => void generate()}
            disabled={blank}
            loading={pending}
            color="violet"
          >
            Generate & Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
