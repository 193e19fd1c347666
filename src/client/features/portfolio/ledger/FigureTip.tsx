import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Opens on hover, on keyboard focus and on a tap, so the explanation is reachable without a mouse. */
const TIP_EVENTS = { hover: true, focus: true, touch: true };

/** A small (i) button whose tooltip says, in one line, what a figure means. */
export function InfoTip({ label, meaning }: { label: string; meaning: string }) {
  return (
    <Tooltip label={meaning} multiline w={280} withArrow events={TIP_EVENTS}>
      <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`What ${label} means: ${meaning}`}>
        <IconInfoCircle size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A figure's name with its tooltip beside it. */
export function FigureLabel({ label, meaning, children }: { label: string; meaning: string; children?: ReactNode }) {
  return (
    <Group gap={2} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {children ?? label}
      </Text>
      <InfoTip label={label} meaning={meaning} />
    </Group>
  );
}
