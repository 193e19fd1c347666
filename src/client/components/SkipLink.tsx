import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

/**
 * The first stop of the Tab key on every page: "Skip to main content" moves focus past the header and its navigation
 * to the page's <main>. Each screen draws its own <main>, so the link finds it when used rather than by a fixed id.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    main.setAttribute('data-skip-target', '');
    // Focusable from script only: the region itself never becomes a Tab stop.
    if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
    main.focus();
    main.scrollIntoView({ block: 'start' });
  }
  return (
    <a href="#main" className={classes.link} onClick={skip}>
      Skip to main content
    </a>
  );
}
