import { ActionIcon, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { BrandMark } from '../../components/BrandMark';
import { ButtonLink } from '../../components/RouterLinks';
import { ThemeToggle } from '../../components/ThemeToggle';
import classes from '../../components/header/AppHeader.module.css';
import { useAuth } from '../../lib/useAuth';
import { useLogout } from '../../lib/useLogout';

/**
 * The landing page's own header (product.md §2, landing page). Signed in, phones get the welcome line and
 * the two buttons on a row of their own under the header: the header alone is too narrow for all of them.
 */
export function LandingHeader() {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const logout = useLogout({ onDone: () => void navigate({ to: '/' }) });
  const signedIn = isAuthenticated && user;

  const welcome = signedIn && (
    <Text size="sm" truncate>
      Welcome, <b>{user.firstName || user.email}</b>
    </Text>
  );
  const signedInButtons = (size: 'xs' | 'sm') => (
    <>
      <ButtonLink to="/chat" size={size}>
        Go to Chat
      </ButtonLink>
      <Button size={size} variant="default" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {logout.isPending ? 'Signing Out...' : 'Sign Out'}
      </Button>
    </>
  );

  return (
    <>
      <header className={classes.header}>
        <Container size="xl" className={classes.inner}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandMark compactOnPhones={!signedIn} />
            {signedIn ? (
              <Group gap="sm" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" visibleFrom="sm">
                  {welcome}
                  {signedInButtons('sm')}
                </Group>
                <ThemeToggle />
              </Group>
            ) : (
              <Group gap="sm" wrap="nowrap">
                <ButtonLink to="/contact" variant="subtle" color="gray" visibleFrom="sm">
                  Contact Us
                </ButtonLink>
                <ActionIcon
                  component={Link}
                  to="/contact"
                  variant="default"
                  size="lg"
                  aria-label="Contact Us"
                  hiddenFrom="sm"
                >
                  <IconMail size={18} stroke={1.6} />
                </ActionIcon>
                <ThemeToggle />
                <ButtonLink to="/auth" variant="default">
                  Sign In
                </ButtonLink>
                <ButtonLink to="/auth" search={{ mode: 'signup' }} visibleFrom="sm">
                  Get Started Free
                </ButtonLink>
              </Group>
            )}
          </Group>
        </Container>
      </header>
      {signedIn && (
        <Box hiddenFrom="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Container size="xl">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {welcome}
              <Group gap="xs" wrap="nowrap">
                {signedInButtons('xs')}
              </Group>
            </Group>
          </Container>
        </Box>
      )}
    </>
  );
}
