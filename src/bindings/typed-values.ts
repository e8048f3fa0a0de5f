/**
 * Text a visitor typed into a field before the part of the page holding it was live. Hydration
 * keeps what is in the field but React's state still has the server's value, so the form would
 * send the server's value. Each such field is told again, as React would have heard it: its value
 * is put back to the rendered one through React's value tracker, the visitor's text is set past
 * the tracker (the element's own setter), and an input event follows (React's onChange).
 */
const SKIPPED_TYPES = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

export function replayTypedValues(container: ParentNode, skip: (field: Element) => boolean = () => false): void {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if ((field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)) || skip(field)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
