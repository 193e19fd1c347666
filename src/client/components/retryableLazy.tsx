import { lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { PartLoadFailed } from './PartLoadFailed';

/**
 * React.lazy for parts loaded on demand, made to survive a lost connection. React.lazy keeps a failed load for
 * good; here Retry (or the browser coming back online) swaps in a fresh lazy component, which fetches the chunk
 * again. Not at the failure itself: React renders a failed part once more before giving up, and a fresh load then
 * would fail and start over forever. The failure stays where the part would have been (a Retry notice), never
 * reaching the page's error boundary, which would take the whole page and anything typed in it. The caller still
 * supplies the Suspense.
 * `failed` replaces the Retry notice (a part nobody sees shows nothing).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: a component of any props.
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  failed: (retry: () => void) => ReactNode = (retry) => <PartLoadFailed onRetry={retry} />,
): ComponentType<ComponentProps<T>> {
  const fresh = () => lazy(load);
  let current = fresh();
  return function RetryableLazy(props: ComponentProps<T>) {
    const Current = current;
    return (
      <ChunkErrorBoundary fallback={failed} onRetry={() => (current = fresh())}>
        <Current {...props} />
      </ChunkErrorBoundary>
    );
  };
}
