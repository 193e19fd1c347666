import { Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
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
  /** Why the figure can be "—", when this figure has a reason of its own (NOT_MEANINGFUL_WHY). */
  whyNotMeaningful?: string;
  testId?: string;
}

/** One labelled figure of the Performance card, with its "what this means" tooltip. */
export function Figure({ label, meaning, value, tone, whyNotMeaningful = MEANING.notMeaningful, testId }: Props) {
  return (
    <Stack gap={0} data-testid={testId}>
      <FigureLabel label={label} meaning={meaning} />
      {value === null ? (
        <Tooltip
          label={whyNotMeaningful}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* A button, not a focusable paragraph: a paragraph cannot carry a name, so the reason was never read out. */}
          <UnstyledButton
            type="button"
            fw={700}
            fz="lg"
            w="fit-content"
            aria-label={`${label}: ${whyNotMeaningful}`}
            data-value="not-meaningful"
          >
            {NOT_MEANINGFUL}
          </UnstyledButton>
        </Tooltip>
      ) : (
        <Text fw={700} fz="lg" c={tone === 'dimmed' ? undefined : tone} className={classes.number} data-value="figure">
          {value}
        </Text>
      )}
    </Stack>
  );
}
