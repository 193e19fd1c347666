import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../lib/useAuth';

/**
 * Copyright line and the public pages. Terms and Privacy are routes of the signed-out table only
 * (SPEC section 2), so they are linked only then.
 */
export function SiteFooter() {
  const { isAuthenticated } = useAuth();
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © 2025 Tickwise. All rights reserved.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/updates" size="sm" c="dimmed">
              Updates
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm" c="dimmed">
              Contact
            </Anchor>
            {!isAuthenticated && (
              <>
                <Anchor component={Link} to="/terms-of-service" size="sm" c="dimmed">
                  Terms
                </Anchor>
                <Anchor component={Link} to="/privacy-policy" size="sm" c="dimmed">
                  Privacy
                </Anchor>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
