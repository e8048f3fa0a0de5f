import { forkJoin, from, map, type Observable } from 'rxjs';

/** What the share forms' code (src/bindings/share-form-binding.ts) gives: a form made live. */
export interface ShareFormCode {
  bindShareForm: (container: HTMLElement) => () => void;
}

export interface ShareForms {
  /**
   * A share form asked of the server, answered together with the form's code: the form is live
   * the moment its modal shows. (Shown before its code, a Send pressed at once went as a plain
   * form post, which the server refuses: the visitor lost the page and what they typed.) Should
   * the code not load, the share fails as a failing server would; a later share tries again.
   */
  withShareFormCode<T>(answer: Observable<T>): Observable<T>;
  /**
   * A ref for the element that holds a share form from the server: makes it live (at once when
   * its code has come with the form, as withShareFormCode sees to), and lets it go when the
   * element leaves the page. A Send pressed before the code has come is held and sent once it
   * has: never posted as a plain form.
   */
  shareFormRef(element: HTMLElement | null): (() => void) | undefined;
}

/** The share forms with their code from `importer` (tests decide when it arrives). */
export function shareFormsWith(importer: () => Promise<ShareFormCode>): ShareForms {
  let code: Promise<ShareFormCode> | null = null;
  let loaded: ShareFormCode | null = null;
  const load = (): Promise<ShareFormCode> =>
    (code ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        code = null;
        throw error;
      },
    ));

  return {
    withShareFormCode: (answer) => forkJoin([answer, from(load())]).pipe(map(([value]) => value)),
    shareFormRef: (element) => {
      if (!element) return undefined;
      let cleanup: (() => void) | null = null;
      let gone = false;
      let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
      const holdPlainSubmit = (event: SubmitEvent) => {
        event.preventDefault();
        if (event.target instanceof HTMLFormElement) held = { form: event.target, submitter: event.submitter };
      };
      const bind = ({ bindShareForm }: ShareFormCode) => {
        if (gone) return;
        element.removeEventListener('submit', holdPlainSubmit, true);
        cleanup = bindShareForm(element);
        if (held?.form.isConnected) held.form.requestSubmit(held.submitter);
        held = null;
      };
      if (loaded) bind(loaded);
      else {
        element.addEventListener('submit', holdPlainSubmit, true);
        load().then(bind, (error: unknown) => console.error(`The share form could not load: ${error instanceof Error ? error.message : String(error)}`));
      }
      return () => {
        gone = true;
        element.removeEventListener('submit', holdPlainSubmit, true);
        cleanup?.();
      };
    },
  };
}

/** The page's share forms (the share-this-page modal and the Trips Collection's share form). */
export const { withShareFormCode, shareFormRef } = shareFormsWith(() => import('./share-form-binding'));
