import { Group, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { formatAsOf, type groupSources } from '../../../shared/chat/sources';
import text from '../../styles/mutedText.module.css';

type SourceGroup = ReturnType<typeof groupSources>[number];

/** One source an answer used: its tools' items, as-of time, and whether the prices were simulated. */
export function SourceGroupLine({ group }: { group: SourceGroup }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconDatabase size={14} style={{ marginTop: 2, flex: 'none' }} aria-hidden />
      <Text size="xs" className={text.muted}>
        <Text span fw={600} inherit>
          {group.label}
        </Text>
        : {group.items.join(', ')} · as of {formatAsOf(group.asOf)}
        {group.simulated ? ' · simulated prices, not real quotes' : ''}
      </Text>
    </Group>
  );
}
