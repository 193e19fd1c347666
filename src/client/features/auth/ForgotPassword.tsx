import { Anchor, Code, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RESET_LINK_MINUTES } from '../../../shared/schemas/account';

/**
 * "Forgot password?": how a reset works here. Tickwise runs without a mail server, so no email is sent; the
 * person who runs this Tickwise makes a one-time link with an operator command and hands it over.
 */
export function ForgotPasswordLink() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpened(true)}>
        Forgot password?
      </Anchor>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Reset your password" centered>
        <Stack gap="sm">
          <Text size="sm">
            This Tickwise has no mail server, so we cannot email you a reset link. Instead, the person who runs it makes
            one for you:
          </Text>
          <List type="ordered" size="sm" spacing={6}>
            <List.Item>Ask them to reset the password of the email you signed up with.</List.Item>
            <List.Item>
              They run <Code>npm run user -- reset-password you@example.com</Code>, which prints a one-time link.
            </List.Item>
            <List.Item>
              Open the link within {RESET_LINK_MINUTES} minutes and choose a new password. The link works once, and
              every device signed in to your account is signed out.
            </List.Item>
          </List>
        </Stack>
      </Modal>
    </>
  );
}
