import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // White text on filled teal: 5.0:1 at shade 9 (Mantine's default shades 6 and 8 give 2.6 and 3.9, below WCAG AA).
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  // Mantine's close buttons are bare icons: give every one a name screen readers can announce. Plain objects rather
  // than Modal.extend(...): importing the components here would put them in the bundle every page loads.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      // Mantine colours a titled notification's text gray.6 / dark.2 (3.3:1 and 3.5:1); dimmed reaches AA.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Text colours that reach WCAG AA (4.5:1) on every surface they sit on, in both schemes, where Mantine's defaults do
 * not: dimmed text (3.3:1 light, 4.0:1 dark), gains and losses in light (green 4.4:1, red 3.3:1), and the text of
 * light-variant badges and buttons. Green stays for up and red for down.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-green-text': '#237032',
    '--mantine-color-red-text': '#c92a2a',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-orange-light-color': '#a63a0a',
    '--mantine-color-yellow-text': '#8a5a00',
    '--mantine-color-orange-text': '#a63a0a',
    '--mantine-color-teal-text': '#066649',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-anchor': '#1864ab',
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-placeholder': '#9a9a9a',
  },
});

/** Light, dark or system ("auto"), default dark, kept in local storage under "theme". */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
