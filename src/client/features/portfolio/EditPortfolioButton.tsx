import { Button, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PORTFOLIO_MESSAGES } from '../../../shared/portfolio/messages';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PortfolioFields } from './PortfolioFields';
import { useRefreshPortfolio } from './usePortfolioData';

/** Rename a portfolio or change its description; the same rules as creating one (name required, description optional). */
export function EditPortfolioButton({ portfolio }: { portfolio: PortfolioSummary }) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const save = useMutation(
    trpc.portfolios.update.mutationOptions({
      onSuccess: async () => {
        void toast({ title: 'Portfolio updated' });
        setOpened(false);
        await refresh(portfolio.id);
      },
      onError: (error) =>
        toast({ title: 'Failed to update portfolio', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function open() {
    setName(portfolio.name);
    setDescription(portfolio.description ?? '');
    setOpened(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || save.isPending) return;
    save.mutate({ id: portfolio.id, name, description: description.trim() ? description : null });
  }

  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={open}>
        Edit
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit portfolio" centered>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <PortfolioFields
              name={name}
              description={description}
              onName={setName}
              onDescription={setDescription}
              nameError={name.trim() ? null : PORTFOLIO_MESSAGES.nameRequired}
            />
            <DialogActions onCancel={() => setOpened(false)} disabled={!name.trim()} loading={save.isPending}>
              Save
            </DialogActions>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
