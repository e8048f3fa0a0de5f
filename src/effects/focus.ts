/**
 * Moves focus to `element` (the first field with an error, a message) and scrolls it to the middle
 * of what it is seen in (the page below its sticky header, or a modal), so that its label above
 * and its message below show with it, wherever it was (WCAG 2.2 2.4.11 Focus Not Obscured; the
 * browser's own focus scroll puts a field at the window's edge, its message out of sight).
 *
 * @example focusInView(form.querySelector('[name="first_name"]'))
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
}
