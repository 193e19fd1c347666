import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  // Mantine's close buttons are bare icons: give every one a name screen readers can announce. Plain objects rather
  // than Modal.extend(...): importing the components here would put them in the bundle every page loads.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
  },
});

/** Light, dark or system ("auto"), default dark, kept in local storage under "theme". */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
