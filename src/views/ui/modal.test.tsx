import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        More pricing options
      </button>
      <Modal isOpen={open} title="More pricing options" onClose={() => setOpen(false)}>
        <p>Offers</p>
      </Modal>
    </main>
  );
}

describe('Modal', () => {
  for (const how of ['Escape', 'the Close button'] as const) {
    it(`gives focus back to its opener in the commit that closes it (${how}), not a frame later`, () => {
      render(<Page />);
      const opener = screen.getByRole('button', { name: 'More pricing options' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'More pricing options' });
      // Focus is in the dialog, as a guest pressing in it puts it.
      act(() => screen.getByRole('button', { name: 'Close' }).focus());
      expect(dialog.contains(document.activeElement)).toBe(true);
      act(() => {
        if (how === 'Escape') fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
        else fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(opener.closest('[inert]'), 'the page is usable again at once').toBeNull();
    });
  }
});
