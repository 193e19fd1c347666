import { Modal, Select, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { DEFAULT_PORTFOLIO_CURRENCY, PORTFOLIO_CURRENCIES } from '../../../shared/market/currency';
import { PortfolioFields } from './PortfolioFields';
import { useRefreshPortfolio } from './usePortfolioData';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}

/** product.md §5: name required (the button stays disabled while it is empty), description optional. */
export function CreatePortfolioDialog({ opened, onClose, onCreated }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [baseCurrency, setBaseCurrency] = useState<string>(DEFAULT_PORTFOLIO_CURRENCY);
  const create = useMutation(
    trpc.portfolios.create.mutationOptions({
      onSuccess: async (portfolio) => {
        void toast({ title: 'Portfolio created successfully!' });
        await refresh();
        onCreated(portfolio.id);
        setName('');
        setDescription('');
        setBaseCurrency(DEFAULT_PORTFOLIO_CURRENCY);
        onClose();
      },
      onError: (error) =>
        toast({ title: 'Failed to create portfolio', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || create.isPending) return;
    create.mutate({ name, description: description.trim() ? description : null, baseCurrency });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Create Portfolio" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <PortfolioFields name={name} description={description} onName={setName} onDescription={setDescription} />
          <Select
            label="Base currency"
            description="Every value and return of this portfolio is shown in it, converted at each day's rate."
            data={[...PORTFOLIO_CURRENCIES]}
            value={baseCurrency}
            onChange={(value) => setBaseCurrency(value ?? DEFAULT_PORTFOLIO_CURRENCY)}
            allowDeselect={false}
          />
          <DialogActions onCancel={onClose} disabled={!name.trim()} loading={create.isPending}>
            Create
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
