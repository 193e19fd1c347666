/**
 * A one-shot request, made just before navigating, that the next page put keyboard focus on its main heading: the
 * control that navigated (the header's stock search) is about to disappear with the page, and focus would otherwise
 * fall back to the top of the document.
 */
let requested = false;

export function requestFocusOnArrival(): void {
  requested = true;
}

/** True once after a request; the page that takes the focus calls it when it mounts. */
export function takeFocusRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
