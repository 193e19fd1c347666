import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { DAILY_LIMITS } from '../../../shared/limits';

/** The fixed daily limits everyone gets (product.md §9), as a list. */
export function DailyLimitsList() {
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon size={20} radius="xl" color="teal" variant="light">
          <IconCheck size={13} />
        </ThemeIcon>
      }
    >
      <List.Item>{DAILY_LIMITS.chatMessages} AI chat messages per day</List.Item>
      <List.Item>{DAILY_LIMITS.graphGenerations} graph generations per day</List.Item>
      <List.Item>{DAILY_LIMITS.portfolioAnalyses} portfolio analyses per day</List.Item>
      <List.Item>Limits reset daily at midnight UTC</List.Item>
    </List>
  );
}
