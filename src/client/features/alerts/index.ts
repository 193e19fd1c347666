/** What other features use of alerts: the bell for a symbol (watchlist rows, charts) and the dialog it opens. */
export { AlertBell, type AlertBellProps } from './AlertBell';
export { AlertDialog, type AlertDialogProps } from './AlertDialog';
