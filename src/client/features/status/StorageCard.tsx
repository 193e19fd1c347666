import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { isStorageWarning, STORAGE_WARNING_PERCENT, storagePercent } from '../../../shared/status/rules';
import type { StorageUsage } from '../../../shared/status/types';
import { formatStorageSize } from './statusFormat';
import classes from './status.module.css';

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** Database space against the allowance; the bar turns to the warning colour above 80 % (product.md §9). */
export function StorageCard({ storage }: { storage: StorageUsage }) {
  const percent = storagePercent(storage);
  const warning = isStorageWarning(percent);
  const used = formatStorageSize(storage.estimatedSizeGB);
  const allowed = `${storage.totalAllowedGB} ${storage.unit}`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="storage-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="storage-title">
            Storage
          </Title>
          <Text fw={600} data-testid="storage-text">
            {used} of {allowed}
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl" data-testid="storage-bar" data-warning={warning || undefined}>
          <Progress.Section
            value={Math.min(100, percent)}
            color={warning ? 'orange.8' : 'teal.7'}
            aria-label={`Storage used: ${used} of ${allowed} (${percentFormat.format(percent)}%)`}
          />
        </Progress.Root>
        <Text size="sm" className={classes.muted}>
          {percentFormat.format(percent)}% of the allowance in use.{' '}
          {warning
            ? `Above ${STORAGE_WARNING_PERCENT}%: old data should be cleared or the allowance raised.`
            : `The bar turns orange above ${STORAGE_WARNING_PERCENT}%.`}
        </Text>
      </Stack>
    </Paper>
  );
}
