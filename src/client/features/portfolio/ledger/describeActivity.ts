import { formatMoneyText, formatQuantityText } from '../../../../shared/portfolio/format';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { formatDay } from './ledgerFormat';

/** One sentence for an activity, e.g. "Buy 10 AAPL at $150.00 on 1 Mar 2024". */
export function describeActivity(a: Activity): string {
  const on = ` on ${formatDay(a.date)}`;
  switch (a.type) {
    case 'buy':
    case 'sell':
      return `${a.type === 'buy' ? 'Buy' : 'Sell'} ${formatQuantityText(a.quantity ?? '0')} ${a.symbol} at ${formatMoneyText(a.price, a.currency ?? 'USD')}${on}`;
    case 'dividend':
      return `Dividend of ${formatMoneyText(a.amount, a.currency ?? 'USD')} from ${a.symbol}${on}`;
    case 'fee':
      return `Fee of ${formatMoneyText(a.amount, a.currency ?? 'USD')}${a.symbol ? ` for ${a.symbol}` : ''}${on}`;
    case 'split':
      return `${a.symbol} split ${a.ratio}${on}`;
    case 'deposit':
      return `Deposit of ${formatMoneyText(a.amount, a.currency ?? 'USD')}${on}`;
    case 'withdrawal':
      return `Withdrawal of ${formatMoneyText(a.amount, a.currency ?? 'USD')}${on}`;
    case 'transfer_in':
      return `Transfer in of ${formatQuantityText(a.quantity ?? '0')} ${a.symbol} at a cost of ${formatMoneyText(a.price, a.currency ?? 'USD')} a share${on}`;
  }
}
