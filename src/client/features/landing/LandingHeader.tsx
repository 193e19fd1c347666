import { Button, Container, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { BrandMark } from '../../components/BrandMark';
import { ButtonLink } from '../../components/RouterLinks';
import { ThemeToggle } from '../../components/ThemeToggle';
import classes from '../../components/header/AppHeader.module.css';
import { useAuth } from '../../lib/useAuth';
import { useLogout } from '../../lib/useLogout';

/** The landing page's own header (SPEC section 2, landing page). */
export function LandingHeader() {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const logout = useLogout({ onDone: () => void navigate({ to: '/' }) });

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandMark />
          {isAuthenticated && user ? (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" visibleFrom="sm">
                Welcome, <b>{user.firstName || user.email}</b>
              </Text>
              <ButtonLink to="/chat" size="sm">
                Go to Chat
              </ButtonLink>
              <Button size="sm" variant="default" onClick={() => logout.mutate()} disabled={logout.isPending}>
                {logout.isPending ? 'Signing Out...' : 'Sign Out'}
              </Button>
              <ThemeToggle />
            </Group>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <ButtonLink to="/contact" variant="subtle" color="gray" visibleFrom="sm">
                Contact Us
              </ButtonLink>
              <ThemeToggle />
              <ButtonLink to="/auth" variant="default">
                Sign In
              </ButtonLink>
              <ButtonLink to="/auth" visibleFrom="sm">
                Get Started Free
              </ButtonLink>
            </Group>
          )}
        </Group>
      </Container>
    </header>
  );
}
