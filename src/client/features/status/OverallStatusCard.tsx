import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SystemStatus } from '../../../shared/status/types';
import { StatusBadge } from './StatusBadge';
import { OVERALL_HEADLINES } from './statusFormat';
import classes from './status.module.css';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** The overall badge (product.md §2) with a headline and when the services were last checked. */
export function OverallStatusCard({ status, failed }: { status: SystemStatus; failed: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="overall-title">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} fz="xl" id="overall-title">
            {OVERALL_HEADLINES[status.overallStatus]}
          </Title>
          <Text size="sm" className={classes.muted} data-testid="last-checked">
            {failed
              ? 'The status service could not be reached. Trying again every 30 seconds.'
              : status.lastCheckedAt
                ? `Last checked at ${timeFormat.format(new Date(status.lastCheckedAt))}. Every service is checked every minute.`
                : 'Waiting for the first check.'}
          </Text>
          {!failed && status.instances > 0 && (
            <Text size="sm" className={classes.muted} data-testid="instances">
              {status.instances === 1
                ? 'Served by 1 server instance (seen in the last minute).'
                : `Served by ${status.instances} server instances (seen in the last minute).`}
            </Text>
          )}
        </Stack>
        <StatusBadge status={status.overallStatus} size="xl" data-testid="overall-status" />
      </Group>
    </Paper>
  );
}
