import { Button, Group, Modal, Text } from '@mantine/core';

/** The toolbar's AI agent button, until the agent ships: an honest notice rather than a dead button. */
export function AgentComingSoonDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Financial Agent" centered>
      <Text size="sm">
        The AI agent is coming soon. It is not available in this version yet; until then, use the chart, its moving
        averages, buy and sell signals and the stock search.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>Got it</Button>
      </Group>
    </Modal>
  );
}
