import { Badge, Group, Stack, Text } from '@mantine/core';
import type { FileReading } from '../../../../shared/portfolio/brokers/reading';

const DATE_WORDS = { dmy: 'day first', mdy: 'month first' } as const;
const DECIDED_BY = {
  column: 'from the dates in the file',
  layout: 'as this broker writes them',
  choice: 'as you chose',
};

/**
 * The layout the server recognised and how it read the file (issue 27): the broker's export by name, the decimal
 * mark, how the dates were read and why, and which of the broker's wordings became which kind of activity.
 */
export function FileReadingSummary({ reading }: { reading: FileReading }) {
  const { dates } = reading;
  return (
    <Stack gap={4} data-testid="import-layout">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Recognised:
        </Text>
        <Badge variant="light" color="grape" tt="none" size="lg" radius="sm" data-testid="import-layout-name">
          {reading.layout.name}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Numbers with a decimal {reading.decimal === ',' ? 'comma (1.250,50)' : 'point (1,250.50)'}
        {dates.order && dates.decidedBy
          ? `; dates read ${DATE_WORDS[dates.order]}, ${DECIDED_BY[dates.decidedBy]}`
          : ''}
        .
      </Text>
      {reading.wordings.length > 0 && (
        <Group gap={6} data-testid="import-wordings" aria-label="How the file's kinds of rows were read">
          {reading.wordings.map((w) => (
            <Badge key={w.wording} variant="outline" color="gray" tt="none" radius="sm" data-wording={w.wording}>
              {w.wording} → {w.becomes} ({w.rows})
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
