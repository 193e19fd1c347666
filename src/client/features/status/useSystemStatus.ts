import { useQuery } from '@tanstack/react-query';
import { STATUS_POLL_MS, STATUS_WHEN_UNREACHABLE, STORAGE_WHEN_UNREACHABLE } from '../../../shared/status/rules';
import type { StorageUsage, SystemStatus } from '../../../shared/status/types';
import { useTRPC } from '../../lib/trpc';

export interface SystemStatusView {
  status: SystemStatus;
  storage: StorageUsage;
  isPending: boolean;
  /** The latest status call failed: the page shows product.md §8's fallback (limited, no services, 0 of 50 GB). */
  failed: boolean;
}

/** Status and storage, polled every 30 s (product.md §9); both ride one batched request. */
export function useSystemStatus(): SystemStatusView {
  const trpc = useTRPC();
  const polling = { refetchInterval: STATUS_POLL_MS, retry: false } as const;
  const status = useQuery(trpc.status.system.queryOptions(undefined, polling));
  const storage = useQuery(trpc.status.storage.queryOptions(undefined, polling));
  const failed = status.isError;
  return {
    status: failed || !status.data ? STATUS_WHEN_UNREACHABLE : status.data,
    storage: failed || storage.isError || !storage.data ? STORAGE_WHEN_UNREACHABLE : storage.data,
    isPending: status.isPending && !failed,
    failed,
  };
}
