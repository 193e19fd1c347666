import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SocialPerson } from '../../../shared/social/types';
import { PersonAvatar } from './PersonAvatar';
import classes from './Social.module.css';

/** A person in a list row: picture, name and one line of detail, both cut short rather than pushing the buttons. */
export function PersonSummary({
  person,
  name,
  detail,
}: {
  person: Pick<SocialPerson, 'displayName' | 'profileImageUrl'>;
  name: ReactNode;
  detail: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" className={classes.person}>
      <PersonAvatar person={person} />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {name}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {detail}
        </Text>
      </div>
    </Group>
  );
}
