import { ActionIcon, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { useAuth } from '../../lib/useAuth';
import { useLogout } from '../../lib/useLogout';
import { BrandMark } from '../BrandMark';
import { HeaderSearchSlot } from '../HeaderSearchSlot';
import { Hint } from '../Hint';
import { ButtonLink } from '../RouterLinks';
import { ThemeToggle } from '../ThemeToggle';
import classes from './AppHeader.module.css';
import { HeaderNavLinks } from './HeaderNavLinks';
import { MenuBurger } from './MenuBurger';
import { retryableLazy } from '../retryableLazy';

// Opened from the burger on small screens only: its drawer loads on first use.
const MobileNavDrawer = retryableLazy(() => import('./MobileNavDrawer').then((m) => ({ default: m.MobileNavDrawer })));
// The bell and its notification centre load after sign-in (issue 30 §3): not in any page's first paint.
const NotificationBell = retryableLazy(
  () => import('../../features/notifications/NotificationBell'),
  () => null,
);

interface AppHeaderProps {
  /**
   * The signed-in header's stock search. Off on the trading page, which has its own search box that charts the
   * symbol in place: two identical boxes on one screen read as a mistake.
   */
  withSearch?: boolean;
}

/**
 * The header of product.md §2: full navigation when signed in, Contact Us and Sign In when signed out. Before the
 * sign-in check answers, a browser that was signed in last time sees only the brand and the theme toggle rather than
 * a Sign In button that would vanish a moment later.
 */
export function AppHeader({ withSearch = true }: AppHeaderProps) {
  const { user, isAuthenticated, isLoading, hint } = useAuth();
  const navigate = useNavigate();
  const [menuOpened, menu] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const closeMenu = menu.close;
  // Any navigation from the mobile menu (links or the search box) closes it.
  useEffect(() => closeMenu(), [pathname, closeMenu]);
  const logout = useLogout({ onDone: () => void navigate({ to: '/' }) });

  function signOut() {
    menu.close();
    logout.mutate();
  }

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <BrandMark withBeta={isAuthenticated} />
            {isAuthenticated && (
              <Group visibleFrom="md">
                <HeaderNavLinks />
              </Group>
            )}
          </Group>

          {isAuthenticated && user ? (
            <Group gap="sm" wrap="nowrap">
              <Group gap="sm" visibleFrom="md" wrap="nowrap">
                {withSearch && <HeaderSearchSlot />}
                <Text size="sm" fw={500} data-testid="header-first-name">
                  {user.firstName || user.email}
                </Text>
              </Group>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <ThemeToggle />
              <Group visibleFrom="md">
                <Hint label="Logout">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Logout"
                    onClick={signOut}
                    loading={logout.isPending}
                  >
                    <IconLogout size={18} stroke={1.6} />
                  </ActionIcon>
                </Hint>
              </Group>
              <MenuBurger opened={menuOpened} onClick={menu.toggle} />
              {menuOpened && (
                <Suspense fallback={null}>
                  <MobileNavDrawer
                    opened={menuOpened}
                    onClose={menu.close}
                    firstName={user.firstName}
                    onLogout={signOut}
                    loggingOut={logout.isPending}
                    withSearch={withSearch}
                  />
                </Suspense>
              )}
            </Group>
          ) : isLoading && hint === 'signed-in' ? (
            <ThemeToggle />
          ) : (
            <Group gap="sm" wrap="nowrap">
              <ButtonLink to="/contact" variant="subtle" color="gray" visibleFrom="xs">
                Contact Us
              </ButtonLink>
              {/* Phones: the same link as an icon, so the signed-out header keeps it (product.md §2). */}
              <ActionIcon
                component={Link}
                to="/contact"
                variant="default"
                size="lg"
                aria-label="Contact Us"
                hiddenFrom="xs"
              >
                <IconMail size={18} stroke={1.6} />
              </ActionIcon>
              <ThemeToggle />
              <ButtonLink to="/auth">Sign In</ButtonLink>
            </Group>
          )}
        </Group>
      </Container>
    </header>
  );
}
