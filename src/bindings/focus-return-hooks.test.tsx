import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberOpener, returnFocus, useFocusReturn } from './focus-return-hooks';

afterEach(() => {
  document.body.innerHTML = '';
});

function Dialog() {
  const ref = useRef<HTMLDivElement>(null);
  useFocusReturn(ref);
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

  it('closing a dialog above another gives focus back to its opener in the one below, whose own mark on the page stands', () => {
    document.body.innerHTML =
      '<main id="page" inert><button>Open</button></main><div id="outer" role="dialog" inert><button>Detailed Quote</button></div><div id="dialog" role="dialog"><button>Close</button></div>';
    const button = document.querySelector<HTMLButtonElement>('#outer button');
    const opener = button && { element: button, anchorId: 'outer', path: [0], tag: 'BUTTON' };
    const dialog = document.getElementById('dialog');
    dialog?.querySelector('button')?.focus();
    returnFocus(opener, dialog);
    expect(document.activeElement).toBe(button);
    expect(document.getElementById('outer')?.hasAttribute('inert')).toBe(false);
    expect(document.getElementById('page')?.hasAttribute('inert'), 'the dialog below still holds the page').toBe(true);
  });
});
