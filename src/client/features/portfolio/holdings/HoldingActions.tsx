import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ValuedHolding } from '../../../../shared/portfolio/types';

export interface HoldingHandlers {
  onEdit: (holding: ValuedHolding) => void;
  onRemove: (holding: ValuedHolding) => void;
}

/** Edit and delete for one holding; both open a dialog, so nothing changes on a single tap. */
export function HoldingActions({ holding, onEdit, onRemove }: HoldingHandlers & { holding: ValuedHolding }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Edit ${holding.symbol}`}
        onClick={() => onEdit(holding)}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Remove ${holding.symbol}`}
        onClick={() => onRemove(holding)}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
