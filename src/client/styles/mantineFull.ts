// Mantine's full sheet (in its cascade layer), loaded after the first paint: see mantine-critical.css.
import '@mantine/core/styles.layer.css';
// The toasts' sheet comes along: the toast code loads only with the first toast, maybe offline, and a style sheet
// that failed to load with a chunk is never asked for again on that page (Vite's preload remembers it).
import '@mantine/notifications/styles.layer.css';
