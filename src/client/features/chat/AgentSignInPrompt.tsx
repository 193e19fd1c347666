import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { DAILY_LIMITS } from '../../../shared/limits';
import { ButtonLink } from '../../components/RouterLinks';

/** Signed out, the AI button explains that the agent needs an account and offers to sign in. */
export default function AgentSignInPrompt({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Financial Agent" centered>
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="violet">
            <IconSparkles size={22} />
          </ThemeIcon>
          <Text size="sm">
            The Financial Agent needs an account. Sign in to ask about any stock, get ratings explained, compare symbols
            and draw forecast graphs, with your conversations kept. It is free: {DAILY_LIMITS.chatMessages} messages a
            day for everyone.
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <ButtonLink to="/auth" color="violet">
            Sign In
          </ButtonLink>
        </Group>
      </Stack>
    </Modal>
  );
}
