/**
 * A ref for the element that holds a share form from the server: once it is in the page, the
 * form's code arrives (src/bindings/share-form-binding.ts, on demand) and makes it live; it is
 * let go when the element leaves the page.
 */
export function shareFormRef(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  let cleanup: (() => void) | null = null;
  let gone = false;
  void import('./share-form-binding').then(({ bindShareForm }) => {
    if (!gone) cleanup = bindShareForm(element);
  });
  return () => {
    gone = true;
    cleanup?.();
  };
}
