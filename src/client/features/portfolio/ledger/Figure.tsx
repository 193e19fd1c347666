import { Stack, Text, Tooltip } from '@mantine/core';
import classes from './Ledger.module.css';
import { FigureLabel } from './FigureTip';
import { NOT_MEANINGFUL } from './ledgerFormat';
import { MEANING } from './ledgerText';

interface Props {
  label: string;
  meaning: string;
  /** The formatted figure; null shows "—" (not meaningful) with its own explanation. */
  value: string | null;
  tone?: 'green' | 'red' | 'dimmed';
  testId?: string;
}

/** One labelled figure of the Performance card, with its "what this means" tooltip. */
export function Figure({ label, meaning, value, tone, testId }: Props) {
  return (
    <Stack gap={0} data-testid={testId}>
      <FigureLabel label={label} meaning={meaning} />
      {value === null ? (
        <Tooltip
          label={MEANING.notMeaningful}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Text
            fw={700}
            fz="lg"
            w="fit-content"
            tabIndex={0}
            aria-label={`${label}: not meaningful. ${MEANING.notMeaningful}`}
            data-value="not-meaningful"
          >
            {NOT_MEANINGFUL}
          </Text>
        </Tooltip>
      ) : (
        <Text fw={700} fz="lg" c={tone === 'dimmed' ? undefined : tone} className={classes.number} data-value="figure">
          {value}
        </Text>
      )}
    </Stack>
  );
}
