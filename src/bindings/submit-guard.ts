/**
 * CONTRACT (owned by the lead-forms work, issue 14 item 6; replaced there): the form submit guard
 * of spec §4 on one non-GET form: a second submit with identical serialized data is blocked.
 * Returns the cleanup. Import it on demand from the code that shows the form.
 */
export function guardSubmit(form: HTMLFormElement): () => void {
  void form;
  return () => {};
}
