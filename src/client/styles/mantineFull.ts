// Mantine's full sheet (in its cascade layer), loaded after the first paint: see mantine-critical.css.
import '@mantine/core/styles.layer.css';
