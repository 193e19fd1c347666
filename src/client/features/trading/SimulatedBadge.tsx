import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Hint } from '../../components/Hint';
import { useTRPC } from '../../lib/trpc';

/** Says so, visibly, whenever prices come from the built-in simulated market rather than a real exchange. */
export function SimulatedBadge() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.stocks.marketInfo.queryOptions());
  if (!data?.simulated) return null;
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
