import { Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
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
  const create = useMutation(
    trpc.portfolios.create.mutationOptions({
      onSuccess: async (portfolio) => {
        void toast({ title: 'Portfolio created successfully!' });
        await refresh();
        onCreated(portfolio.id);
        setName('');
        setDescription('');
        onClose();
      },
      onError: (error) =>
        toast({ title: 'Failed to create portfolio', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || create.isPending) return;
    create.mutate({ name, description: description.trim() ? description : null });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Create Portfolio" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <PortfolioFields name={name} description={description} onName={setName} onDescription={setDescription} />
          <DialogActions onCancel={onClose} disabled={!name.trim()} loading={create.isPending}>
            Create
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
