import { Stack, Text, Group } from '@mantine/core';
import type { RatingFactor } from '../../../shared/market/types';
import classes from './FactorBreakdown.module.css';

/** Why the rating is what it is: each scored factor with its measured value and contribution. */
export function FactorBreakdown({ factors, score }: { factors: readonly RatingFactor[]; score: number }) {
  return (
    <Stack gap="xs" data-testid="rating-factors">
      {factors.map((factor) => {
        const tone = factor.score > 0 ? 'green' : factor.score < 0 ? 'red' : 'dimmed';
        return (
          <div key={factor.key} className={classes.factor}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {factor.label}
              </Text>
              <Group gap={8} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {factor.value}
                </Text>
                <Text size="sm" fw={700} c={tone} className={classes.score}>
                  {factor.score > 0 ? '+' : ''}
                  {formatScore(factor.score)}
                </Text>
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              {factor.explanation}
            </Text>
          </div>
        );
      })}
      <Group justify="space-between" className={classes.total}>
        <Text size="sm" fw={700}>
          Total score
        </Text>
        <Text size="sm" fw={700} className={classes.score}>
          {score > 0 ? '+' : ''}
          {formatScore(score)}
        </Text>
      </Group>
    </Stack>
  );
}

function formatScore(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
