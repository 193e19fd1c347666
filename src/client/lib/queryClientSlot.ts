import type { QueryClient } from '@tanstack/react-query';
import { smallStore } from './smallStore';

/**
 * The app's query cache once it has loaded (lib/queryClient.ts puts it here), for the provider at the root of the
 * page. The landing and trading pages never load it (react-query is a tenth of the landing page's JavaScript budget;
 * the trading page's market data goes through lib/market/); the other screens that fetch data bring it with their
 * own code (every one imports lib/trpc.ts or lib/queryClient.ts).
 */
export const queryClientSlot = smallStore<QueryClient | undefined>(undefined);
