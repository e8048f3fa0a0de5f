/**
 * CONTRACT (owned by the captcha work, issue 14 item 2; replaced there): protects one form with
 * the captcha. The form carries CAPTCHA_FORM_ATTRIBUTE, holds an element of class
 * ASYNC_CAPTCHA_CLASS and a hidden input named CAPTCHA_RESPONSE_FIELD (src/domain/lead-forms.ts).
 * A submit without a token is intercepted and the challenge runs; with the token in the field the
 * submit goes ahead (by itself in invisible mode). ASYNC_SUBMITTED_EVENT on the form resets it.
 * Returns the cleanup. Import it on demand (`await import('@/bindings/captcha-attach')`) from the
 * code that shows the form, never into a page's initial bundle.
 */
export function attachCaptcha(form: HTMLFormElement): () => void {
  void form;
  return () => {};
}
