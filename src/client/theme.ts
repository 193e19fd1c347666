import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
});

/** Light, dark or system ("auto"), default dark, kept in local storage under "theme". */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
