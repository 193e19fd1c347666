import { Suspense, useState } from 'react';
import { retryableLazy } from '../../components/retryableLazy';
import type { AlertDialogProps } from './AlertDialog';

// The dialog (its form, inputs and validation) loads the first time it opens: the trading page and the stock page
// carry only the bell and the line until then, within their JavaScript budget (decision 017).
const AlertDialog = retryableLazy(() => import('./AlertDialog').then((m) => ({ default: m.AlertDialog })));

/** The alert dialog, fetched on its first opening and kept mounted after, so it closes with its transition. */
export function LazyAlertDialog(props: AlertDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog {...props} />
    </Suspense>
  );
}
