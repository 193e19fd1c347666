import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CsvColumnMapping } from '../../../../shared/portfolio/types';

/** Which column of the file became what, so a wrong guess is seen before anything is imported. */
export function ImportColumns({ columns }: { columns: CsvColumnMapping }) {
  const read: Array<[string, string]> = [
    ['Symbol', columns.symbol],
    ['Quantity', columns.quantity],
    ['Average price', columns.averagePrice],
    ...(columns.date ? [['Purchase date', columns.date] as [string, string]] : []),
    ...(columns.cash ? [['Cash', columns.cash] as [string, string]] : []),
  ];
  return (
    <Stack gap={4} data-testid="import-columns">
      <Text size="sm" fw={600}>
        Columns (header on line {columns.headerLine})
      </Text>
      <Group gap="xs">
        {read.map(([field, header]) => (
          <Badge key={field} variant="light" tt="none" size="lg" radius="sm" data-field={field}>
            {field} ← {header}
          </Badge>
        ))}
      </Group>
      {columns.ignored.length > 0 && (
        <Text size="xs" c="dimmed">
          Not read: {columns.ignored.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
