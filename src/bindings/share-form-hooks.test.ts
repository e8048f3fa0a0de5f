import { firstValueFrom, of } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shareFormsWith, type ShareFormCode } from './share-form-hooks';

/**
 * The share forms' code comes with the form (withShareFormCode), and a form whose code has not
 * come yet never goes as a plain form post: the Send is held and sent once the code is there.
 * share-form-binding.ts is played by a stand-in whose arrival the test decides.
 */
const bound: HTMLElement[] = [];
const sent: Array<string | null> = [];

const standIn: ShareFormCode = {
  bindShareForm: (element) => {
    bound.push(element);
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      sent.push(event.submitter?.textContent ?? null);
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  },
};

/** The share forms, with code that comes when the test says (or fails). */
function controlled() {
  const imports: Array<{ arrive: () => void; fail: (error: Error) => void }> = [];
  const forms = shareFormsWith(
    () =>
      new Promise<ShareFormCode>((resolve, reject) => {
        imports.push({ arrive: () => resolve(standIn), fail: reject });
      }),
  );
  return { forms, imports };
}

function shareForm(): { container: HTMLElement; form: HTMLFormElement; send: HTMLButtonElement } {
  const container = document.createElement('div');
  container.innerHTML = '<form action="/rescms/order/share/send" method="post"><input name="name"><button type="submit">Send</button></form>';
  document.body.append(container);
  return { container, form: container.querySelector('form')!, send: container.querySelector('button')! };
}

beforeEach(() => {
  bound.length = 0;
  sent.length = 0;
  document.body.innerHTML = '';
});

describe('a share form and its code', () => {
  it('a Send before the code has come is no plain post: it is held, then sent once the form is live', async () => {
    const { forms, imports } = controlled();
    const { container, form, send } = shareForm();
    const release = forms.shareFormRef(container);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: send });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(bound).toEqual([]);
    imports[0]!.arrive();
    await vi.waitFor(() => expect(bound).toEqual([container]));
    expect(sent).toEqual(['Send']);
    release?.();
  });

  it('the answer waits for the code, and with it there the form is live as soon as it is in the page', async () => {
    const { forms, imports } = controlled();
    let answered = false;
    const answer = firstValueFrom(forms.withShareFormCode(of({ form: '<form></form>', url: '' }))).then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    imports[0]!.arrive();
    await expect(answer).resolves.toEqual({ form: '<form></form>', url: '' });
    const { container } = shareForm();
    forms.shareFormRef(container);
    expect(bound).toEqual([container]);
    expect(imports).toHaveLength(1);
  });

  it('code that cannot load fails the share as a failing server would; a later share tries again', async () => {
    const { forms, imports } = controlled();
    const first = firstValueFrom(forms.withShareFormCode(of('answer')));
    imports[0]!.fail(new Error('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toThrow('Failed to fetch dynamically imported module');
    const second = firstValueFrom(forms.withShareFormCode(of('answer')));
    expect(imports).toHaveLength(2);
    imports[1]!.arrive();
    await expect(second).resolves.toBe('answer');
  });

  it('a form taken away before its code came is never made live', async () => {
    const { forms, imports } = controlled();
    const { container } = shareForm();
    forms.shareFormRef(container)?.();
    imports[0]!.arrive();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bound).toEqual([]);
  });
});
