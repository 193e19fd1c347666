import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { suggestionsFor } from './suggestions';
import { limitReachedText, useChatAllowance } from './useChatAllowance';

/** The empty chat: a greeting and suggested questions that send themselves (off, with the reset time, at the daily limit). */
export function Suggestions({
  symbol,
  onPick,
  disabled,
}: {
  symbol: string | null;
  onPick: (q: string) => void;
  disabled: boolean;
}) {
  const { exhausted, resetsIn } = useChatAllowance();
  return (
    <Stack align="center" gap="sm" py="lg" data-testid="agent-suggestions" data-context={symbol ?? 'none'}>
      <ThemeIcon size={44} radius="xl" variant="light" color="violet">
        <IconSparkles size={24} />
      </ThemeIcon>
      <Text fw={600} ta="center">
        {symbol ? `Ask about ${symbol} or any other stock` : 'Ask about any stock, fund or investing term'}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        Answers use live market data through tools; every figure is checked against that data.
      </Text>
      {exhausted && (
        <Text size="sm" c="red" ta="center" data-testid="suggestions-limit">
          {limitReachedText(resetsIn)}
        </Text>
      )}
      <Stack gap={6} w="100%" maw={440} mt="xs">
        {suggestionsFor(symbol).map((q) => (
          <Button
            key={q}
            variant="default"
            radius="xl"
            justify="flex-start"
            onClick={() => onPick(q)}
            disabled={disabled || exhausted}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            py={8}
          >
            {q}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
