import { Badge, Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';

export type UsageUnit = 'Messages' | 'Graphs' | 'Analyses';

interface Props {
  opened: boolean;
  onClose: () => void;
  used: number;
  limit: number;
  unit: UsageUnit;
  /** e.g. '5 hours'; without it the popup says 'Resets in 24 hours'. */
  resetsIn?: string;
}

/** 'Usage Limit Reached' (product.md §2): shown when a daily limit stops an action. Backdrop click closes it. */
export function UsageLimitPopup({ opened, onClose, used, limit, unit, resetsIn }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} closeOnClickOutside centered title="Usage Limit Reached" radius="lg">
      <Stack align="center" gap="md" py="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconGauge size={30} />
        </ThemeIcon>
        <Badge size="xl" variant="light" color="red">
          {used}/{limit} {unit}
        </Badge>
        <Text c="dimmed" ta="center">
          You have used today's allowance. Resets in {resetsIn ?? '24 hours'}.
        </Text>
        <Button onClick={onClose} fullWidth variant="default">
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
