import { ActionIcon, Menu } from '@mantine/core';
import { IconBan, IconDots, IconUserMinus } from '@tabler/icons-react';
import type { EndFriendshipKind } from './EndFriendshipDialog';

/** A friend row's "more" menu: Unfriend and Block, each confirmed in a dialog before anything happens. */
export function FriendMenu({ name, onChoose }: { name: string; onChoose: (kind: EndFriendshipKind) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`More actions for ${name}`}
          data-testid="friend-menu"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserMinus size={16} aria-hidden />} onClick={() => onChoose('unfriend')}>
          Unfriend
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={() => onChoose('block')}>
          Block
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
