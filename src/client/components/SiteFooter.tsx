import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * Copyright line and the public pages. Terms and Privacy are linked in every state: signed-in users agreed to them
 * too and must be able to read them again (docs/decisions/008-legal-pages-in-every-state.md). The year is the
 * browser's current one, read at each render, so the line never goes out of date.
 */
export function SiteFooter() {
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Tickwise. All rights reserved.
          </Text>
          <Group gap="md" component="nav" aria-label="Footer">
            <Anchor component={Link} to="/updates" size="sm" c="dimmed">
              Updates
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm" c="dimmed">
              Contact
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" size="sm" c="dimmed">
              Terms
            </Anchor>
            <Anchor component={Link} to="/privacy-policy" size="sm" c="dimmed">
              Privacy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
