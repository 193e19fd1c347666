import { Badge } from '@mantine/core';
import { Hint } from '../../components/Hint';
import { useMarketInfo } from '../../lib/useMarketInfo';

/** Says so, visibly, whenever prices come from the built-in simulated market rather than a real exchange. */
export function SimulatedBadge() {
  if (!useMarketInfo().simulated) return null;
  return (
    <Hint
      label="Prices come from Tickwise's built-in simulated market, not a live exchange."
      multiline
      position="bottom-start"
    >
      <Badge color="yellow" variant="light" data-testid="simulated-badge">
        Simulated data
      </Badge>
    </Hint>
  );
}
