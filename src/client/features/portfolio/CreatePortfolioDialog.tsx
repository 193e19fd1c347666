import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MAX_PORTFOLIO_DESCRIPTION_LENGTH, MAX_PORTFOLIO_NAME_LENGTH } from '../../../shared/portfolio/limits';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useRefreshPortfolio } from './usePortfolioData';

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}

/** SPEC section 5: name required (the button stays disabled while it is empty), description optional. */
export function CreatePortfolioDialog({ opened, onClose, onCreated }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation(
    trpc.portfolios.create.mutationOptions({
      onSuccess: async (portfolio) => {
        toast({ title: 'Portfolio created successfully!' });
        await refresh();
        onCreated(portfolio.id);
        setName('');
        setDescription('');
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to create portfolio', description: errorBodyOf(error).message, variant: 'destructive' }),
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
          <TextInput
            label="Name"
            placeholder="e.g. Retirement"
            required
            data-autofocus
            maxLength={MAX_PORTFOLIO_NAME_LENGTH}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            placeholder="Optional: what this portfolio is for"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={MAX_PORTFOLIO_DESCRIPTION_LENGTH}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
