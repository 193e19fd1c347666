// Applies the saved theme (light, dark or system; default dark) before the app's code loads, so a page never
// flashes in the wrong colours. A file rather than Mantine's inline ColorSchemeScript: the CSP forbids inline scripts.
// The key and values are those of the colour scheme manager in src/client/theme.ts.
(function () {
  var scheme = 'dark';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') scheme = saved;
    else if (saved === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  } catch {
    // Storage unavailable: keep the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
