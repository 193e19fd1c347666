import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Activity } from '../../../../shared/portfolio/ledger/types';

export interface ActivityHandlers {
  onEdit: (a: Activity) => void;
  onDelete: (a: Activity) => void;
}

/** An activity's Edit and Delete buttons, named after the activity: the table and the phone list share them. */
export function ActivityActions({
  activity,
  name,
  onEdit,
  onDelete,
}: ActivityHandlers & { activity: Activity; name: string }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit: ${name}`} onClick={() => onEdit(activity)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete: ${name}`} onClick={() => onDelete(activity)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
