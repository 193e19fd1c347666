import { Drawer } from '@mantine/core';
import { PanelWatchlist, usePanelTitle } from './watchlist/PanelWatchlist';
import type { Watchlist } from './watchlist/useWatchlist';

export interface PopularDrawerProps {
  opened: boolean;
  onClose: () => void;
  watchlist: Watchlist;
  symbol: string;
  onSymbol: (symbol: string) => void;
}

/** The watchlist drawer below 1280 px (product.md §2): the popular stocks signed out, the user's lists signed in. */
export function PopularDrawer({ opened, onClose, watchlist, symbol, onSymbol }: PopularDrawerProps) {
  const title = usePanelTitle();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="85%" title={title}>
      <PanelWatchlist
        popular={watchlist}
        activeSymbol={symbol}
        onSelect={(s) => {
          onSymbol(s);
          onClose();
        }}
      />
    </Drawer>
  );
}
