import { Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ValuedHolding } from '../../../../shared/portfolio/types';
import { DialogActions } from '../../../components/DialogActions';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useKeptWhileClosing } from '../../../lib/useKeptWhileClosing';
import { useRefreshPortfolio } from '../usePortfolioData';
import { PurchaseDateField, purchaseDateError } from './PurchaseDateField';

interface Props {
  portfolioId: string;
  /** The holding whose undated shares get a date; null keeps the dialog closed. */
  holding: ValuedHolding | null;
  onClose: () => void;
}

/**
 * Dates shares added without a purchase date (issue 27): their transfer in becomes a buy on the date given, so the
 * history, the returns and the monthly grid are as if the date had been entered at first.
 */
export function PurchaseDateDialog({ portfolioId, holding, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [date, setDate] = useState('');
  const [touched, setTouched] = useState(false);
  const shown = useKeptWhileClosing(holding);

  const save = useMutation(
    trpc.portfolios.setPurchaseDate.mutationOptions({
      onSuccess: async (saved) => {
        void toast({ title: `${saved.symbol}: purchase date saved` });
        await refresh(portfolioId);
        close();
      },
      onError: (error) =>
        toast({
          title: 'Failed to save the purchase date',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );

  function close() {
    setDate('');
    setTouched(false);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!holding || purchaseDateError(date, true) || save.isPending) return;
    save.mutate({ id: portfolioId, holdingId: holding.id, purchaseDate: date });
  }

  return (
    <Modal
      opened={holding !== null}
      onClose={close}
      title={shown ? `Purchase date of ${shown.symbol}` : 'Purchase date'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {shown
              ? `${shown.symbol} was added without a purchase date, so its performance starts on the day it was added.`
              : null}
          </Text>
          <PurchaseDateField value={date} onChange={setDate} required showError={touched} />
          <DialogActions onCancel={close} loading={save.isPending}>
            Save date
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
