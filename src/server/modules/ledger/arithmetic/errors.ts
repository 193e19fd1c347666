/**
 * A ledger that cannot be replayed: the message is for the investor (it names the activity's type, symbol and
 * date), `activityId` lets the caller point at the offending row. The server answers it as a 400 and writes nothing.
 */
export class LedgerError extends Error {
  readonly activityId: string;

  constructor(message: string, activityId: string) {
    super(message);
    this.name = 'LedgerError';
    this.activityId = activityId;
  }
}
