import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { groupSources } from '../../../shared/chat/sources';
import type { DirectMessage } from '../../../shared/social/types';
import { AnswerMarkdown } from '../chat/AnswerMarkdown';
import { SourceGroupLine } from '../chat/SourceGroupLine';
import { messageTime } from './messageTime';
import classes from './Social.module.css';

/**
 * A shared AI insight (issue 11): a card of its own with the question, the Financial Agent's answer (markdown,
 * rendered safely: no raw HTML), its sources and when it was generated. Loaded on demand with the markdown renderer.
 */
export default function InsightCard({ message, mine }: { message: DirectMessage; mine: boolean }) {
  const metadata = message.metadata;
  const sources = groupSources(metadata?.sources ?? []);
  return (
    <Paper withBorder radius="lg" p="sm" className={classes.insightCard} data-testid="insight-card">
      <Stack gap={8}>
        <Group gap={6} justify="space-between" wrap="wrap">
          <Badge variant="light" color="violet" leftSection={<IconSparkles size={12} aria-hidden />}>
            AI Insight
          </Badge>
          <Text size="xs" c="dimmed">
            {mine ? 'You shared' : `${message.sender.firstName} shared`}
          </Text>
        </Group>
        {metadata?.question && (
          <Text size="sm" fw={600} data-testid="insight-question">
            Q: {metadata.question}
          </Text>
        )}
        <AnswerMarkdown content={message.content} />
        {sources.length > 0 && (
          <Stack gap={2} data-testid="insight-sources">
            {sources.map((group) => (
              <SourceGroupLine key={group.label} group={group} />
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Generated {metadata?.generatedAt ? messageTime(metadata.generatedAt) : messageTime(message.createdAt)} ·
          educational, not financial advice
        </Text>
      </Stack>
    </Paper>
  );
}
