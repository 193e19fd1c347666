import { Center, Loader, Stack, Text } from '@mantine/core';

/** Centered spinner while something the whole page needs (usually the current user) loads. */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="teal" />
        {label && (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
