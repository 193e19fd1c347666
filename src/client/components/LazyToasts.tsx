import { useEffect, useState } from 'react';
import { onToastsLoaded, setToastContainerLoader } from '../lib/toast';
import { FallbackNotice } from './FallbackNotice';

type Container = Parameters<Parameters<typeof onToastsLoaded>[0]>[0];

setToastContainerLoader(() => import('./Toasts').then((m) => m.Toasts));

/**
 * The toast container (Mantine's Notifications with its transitions and scroll area) would be a tenth of what every
 * page downloads before its first paint, and most visits never show a toast. It mounts once the first toast has
 * loaded its code (lib/toast.ts); that toast waits in Mantine's notifications store meanwhile. No React.lazy: a
 * chunk that fails to load (offline) must not reach an error boundary, and the next toast loads it again.
 */
export function LazyToasts() {
  const [Toasts, setToasts] = useState<Container | null>(null);
  useEffect(() => onToastsLoaded((container) => setToasts(() => container)), []);
  return (
    <>
      <FallbackNotice />
      {Toasts && <Toasts />}
    </>
  );
}
