import { Button, Group, Modal, Text } from '@mantine/core';

/** The mobile banner's Learn More (product.md §2): a desktop browser is recommended for now. */
export function MobileSupportDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Mobile support" centered>
      <Text size="sm">
        For the best experience, we recommend using a desktop browser. Mobile optimization is in development, and
        charts, drawing tools and some dialogs may not work perfectly on small screens yet.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
