import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import type { DateOrder, DateReading } from '../../../../shared/portfolio/brokers/reading';

/**
 * The preview's question when every date in the file reads both ways (03/04/2024): day first or month first. The
 * suggestion (from the file's decimal mark and currency) is only a suggestion: nothing dated is read until the user
 * answers, and the answer previews the file again.
 */
export function DateOrderQuestion({
  question,
  onAnswer,
  pending,
}: {
  question: NonNullable<DateReading['question']>;
  onAnswer: (order: DateOrder) => void;
  pending: boolean;
}) {
  const example = question.samples[0] ?? '03/04/2024';
  const [a, b, year] = example.split('/');
  return (
    <Alert color="yellow" variant="light" title="Day first or month first?" data-testid="date-question">
      <Stack gap={6}>
        <Text size="sm">
          {question.reason} For example {question.samples.join(', ')}.
        </Text>
        <Radio.Group
          name="date-order"
          label="Read the dates"
          onChange={(value) => onAnswer(value as DateOrder)}
          aria-busy={pending}
        >
          <Group gap="lg" mt={4}>
            <Radio
              value="dmy"
              label={`Day first (${example} is ${describe(Number(a), Number(b), year)})${question.suggested === 'dmy' ? ' — suggested' : ''}`}
              disabled={pending}
            />
            <Radio
              value="mdy"
              label={`Month first (${example} is ${describe(Number(b), Number(a), year)})${question.suggested === 'mdy' ? ' — suggested' : ''}`}
              disabled={pending}
            />
          </Group>
        </Radio.Group>
      </Stack>
    </Alert>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const describe = (day: number, month: number, year: string) => `${day} ${MONTHS[month - 1] ?? '?'} ${year}`;
