import { Badge } from '@mantine/core';
import { Hint } from '../../components/Hint';
import { formatNewYorkTime } from './formatNewYorkTime';

/**
 * Says the exchange is closed, with when the quoted last close was made: outside the session the price does not move
 * and the header must not look live. Nothing while the market trades or when the provider does not say.
 */
export function MarketClosedBadge({ state, time }: { state: 'open' | 'closed' | undefined; time: number }) {
  if (state !== 'closed') return null;
  return (
    <Hint label={`The exchange is closed. The price is the last close, ${formatNewYorkTime(time + 60_000)}.`} multiline>
      <Badge color="gray" variant="light" data-testid="market-closed">
        Market closed
      </Badge>
    </Hint>
  );
}
