import { Box, Container, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppHeader } from './header/AppHeader';
import { SiteFooter } from './SiteFooter';

interface Props {
  children: ReactNode;
  /** Container width of the page body. */
  size?: ContainerProps['size'];
  withFooter?: boolean;
}

/** Header, page body and footer shared by the app's pages. */
export function AppLayout({ children, size = 'lg', withFooter = true }: Props) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      <Box component="main" style={{ flex: 1 }}>
        <Container size={size} py="xl">
          {children}
        </Container>
      </Box>
      {withFooter && <SiteFooter />}
    </Box>
  );
}
