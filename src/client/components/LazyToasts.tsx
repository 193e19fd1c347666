import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstToast } from '../lib/toast';

// The toast container (Mantine's Notifications with its transitions and scroll area) would be a tenth of what every
// page downloads before its first paint, and most visits never show a toast. It loads with the first toast, which
// waits in Mantine's notifications store meanwhile and shows as soon as the container mounts.
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

export function LazyToasts() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
