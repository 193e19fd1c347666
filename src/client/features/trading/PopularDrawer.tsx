import { Drawer } from '@mantine/core';
import { WatchlistList } from './watchlist/WatchlistList';
import type { Watchlist } from './watchlist/useWatchlist';

export interface PopularDrawerProps {
  opened: boolean;
  onClose: () => void;
  watchlist: Watchlist;
  symbol: string;
  onSymbol: (symbol: string) => void;
}

/** Mobile popular-stocks drawer (product.md §2). */
export function PopularDrawer({ opened, onClose, watchlist, symbol, onSymbol }: PopularDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="85%" title="Popular">
      <WatchlistList
        watchlist={watchlist}
        activeSymbol={symbol}
        onSelect={(s) => {
          onSymbol(s);
          onClose();
        }}
      />
    </Drawer>
  );
}
