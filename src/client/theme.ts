import { createTheme, Drawer, localStorageColorSchemeManager, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  // Mantine's close buttons are bare icons: give every one a name screen readers can announce.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});

/** Light, dark or system ("auto"), default dark, kept in local storage under "theme". */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
