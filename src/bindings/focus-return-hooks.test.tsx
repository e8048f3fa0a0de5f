import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberOpener, returnFocus, useFocusReturn, useOpener } from './focus-return-hooks';

afterEach(() => {
  document.body.innerHTML = '';
});

function Dialog() {
  const ref = useRef<HTMLDivElement>(null);
  useFocusReturn(useOpener(), ref);
  return (
    <div ref={ref}>
      <button type="button" autoFocus>
        Inside
      </button>
    </div>
  );
}

describe('focus return', () => {
  it('gives focus back to the opener in the commit that closes the dialog, not a frame later', () => {
    const { rerender, getByText } = render(
      <div>
        <button type="button">Opener</button>
      </div>,
    );
    getByText('Opener').focus();
    rerender(
      <div>
        <button type="button">Opener</button>
        <Dialog />
      </div>,
    );
    expect(document.activeElement).toBe(getByText('Inside'));
    rerender(
      <div>
        <button type="button">Opener</button>
      </div>,
    );
    expect(document.activeElement).toBe(getByText('Opener'));
  });

  it('gives focus to the element now in the opener’s place when the opener was rendered again', () => {
    document.body.innerHTML = '<main id="box"><p><button>More pricing options</button></p></main><div id="dialog"><button>Close</button></div>';
    document.querySelector<HTMLButtonElement>('#box button')?.focus();
    const opener = rememberOpener();
    const dialog = document.getElementById('dialog');
    dialog?.querySelector('button')?.focus();
    // The section is rendered again (a fresh answer): the opener is now another element.
    act(() => {
      const box = document.getElementById('box');
      if (box) box.innerHTML = '<p><button>More pricing options</button></p>';
    });
    returnFocus(opener, dialog);
    expect(document.activeElement).toBe(document.querySelector('#box button'));
  });

  it('leaves focus where it was moved on purpose (outside what closed)', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button><div id="dialog"></div>';
    document.getElementById('a')?.focus();
    const opener = rememberOpener();
    document.getElementById('b')?.focus();
    returnFocus(opener, document.getElementById('dialog'));
    expect(document.activeElement?.id).toBe('b');
  });

  it('remembers no opener when focus was on the body, and then gives focus to nothing', () => {
    document.body.innerHTML = '<button aria-controls="panel">Search</button>';
    expect(rememberOpener()).toBeNull();
    returnFocus(rememberOpener(), null);
    expect(document.activeElement).toBe(document.body);
  });

  it('frees the opener from the inert mark the closing modal leaves on the page until after its commit', () => {
    document.body.innerHTML = '<main id="page" inert><p><button>More pricing options</button></p></main><aside inert></aside><div id="dialog" role="dialog"><button>Close</button></div>';
    const button = document.querySelector<HTMLButtonElement>('#page button');
    const opener = button && { element: button, anchorId: 'page', path: [0, 0], tag: 'BUTTON' };
    const dialog = document.getElementById('dialog');
    dialog?.querySelector('button')?.focus();
    returnFocus(opener, dialog);
    expect(document.activeElement).toBe(button);
    expect(document.getElementById('page')?.hasAttribute('inert')).toBe(false);
    // Only the opener's ancestors: the modal's own clean-up frees the rest.
    expect(document.querySelector('aside')?.hasAttribute('inert')).toBe(true);
  });

  it('while another dialog holds the page inert, waits for it to be lifted and then gives focus back', async () => {
    document.body.innerHTML =
      '<main id="page" inert><button>Open</button></main><div role="dialog" id="outer"></div><div id="dialog" role="dialog"><button>Close</button></div>';
    const page = document.getElementById('page');
    const button = page?.querySelector('button') ?? null;
    const opener = button && { element: button, anchorId: 'page', path: [0], tag: 'BUTTON' };
    const dialog = document.getElementById('dialog');
    dialog?.querySelector('button')?.focus();
    returnFocus(opener, dialog);
    expect(page?.hasAttribute('inert'), 'the other dialog’s mark stands').toBe(true);
    expect(document.activeElement).not.toBe(button);
    dialog?.remove();
    page?.removeAttribute('inert');
    await Promise.resolve();
    expect(document.activeElement).toBe(button);
  });

  it('leaves alone focus moved on purpose while the page was inert', async () => {
    document.body.innerHTML =
      '<main id="page" inert><button id="a">A</button><button id="b">B</button></main><div role="dialog"></div><div id="dialog" role="dialog"><button>Close</button></div>';
    const page = document.getElementById('page');
    const a = document.getElementById('a');
    const opener = a && { element: a, anchorId: 'page', path: [0], tag: 'BUTTON' };
    const dialog = document.getElementById('dialog');
    dialog?.querySelector('button')?.focus();
    returnFocus(opener, dialog);
    page?.removeAttribute('inert');
    document.getElementById('b')?.focus();
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('b');
  });
});
