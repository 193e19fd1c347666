import { Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ChatMessageView } from '../../../shared/chat/types';
import { AnswerMarkdown } from './AnswerMarkdown';
import { ForecastChart } from './ForecastChart';
import { SourcesFooter } from './SourcesFooter';
import { ToolActivityList } from './ToolActivityList';
import type { StreamingAnswer } from './useAgentChat';
import classes from './AgentChat.module.css';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One message: the user's question on the right, the agent's answer (text, charts, sources) on the left. */
export function MessageItem({ message }: { message: ChatMessageView }) {
  if (message.role === 'user') {
    return (
      <Stack gap={2} align="flex-end" data-testid="user-message">
        <Paper radius="lg" px="sm" py={6} className={classes.userBubble}>
          <Text size="sm" className={classes.preWrap}>
            {message.content}
          </Text>
        </Paper>
        <Group gap={6}>
          {message.viewingSymbol && (
            <Badge size="xs" variant="outline" color="violet">
              viewing {message.viewingSymbol}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {time(message.timestamp)}
          </Text>
        </Group>
      </Stack>
    );
  }
  const answer = message.answer;
  return (
    <Stack gap={6} data-testid="assistant-message" className={classes.answer}>
      {answer && <ToolActivityList tools={answer.tools} />}
      <AnswerMarkdown content={message.content} figures={answer?.figures} />
      {answer?.artifacts.map((artifact, i) =>
        artifact.kind === 'forecast' ? <ForecastChart key={i} artifact={artifact} /> : null,
      )}
      {answer && <SourcesFooter sources={answer.sources} verification={answer.verification} />}
      <Text size="xs" c="dimmed">
        {time(message.timestamp)}
      </Text>
    </Stack>
  );
}

/** The answer being written: tool progress as it happens, then the text as it streams in. */
export function StreamingItem({ streaming }: { streaming: StreamingAnswer }) {
  return (
    <Stack gap={6} data-testid="streaming-answer" className={classes.answer} aria-live="polite" aria-busy="true">
      <ToolActivityList tools={streaming.tools} />
      {streaming.text ? (
        <AnswerMarkdown content={streaming.text} />
      ) : (
        <Group gap={8}>
          <Loader size="xs" type="dots" color="violet" />
          <Text size="xs" c="dimmed">
            {streaming.tools.length ? 'Writing the answer…' : 'Thinking…'}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
