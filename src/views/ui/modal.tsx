import { useRef, type ReactNode, type RefObject } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { useFocusReturn } from '@/bindings/focus-return-hooks';
import { Button } from './button';

export type ModalSize = 'tiny' | 'small' | 'medium';

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * A modal dialog (spec §9 Modal sizes: order medium, pricing detail small, quote tiny).
 * Focus is trapped inside and returns to the trigger when it closes; Escape closes it.
 */
export function Modal(props: ModalProps) {
  return props.isOpen ? <OpenModal {...props} /> : null;
}

/** After the overlay, so that focus is given back once react-aria's focus scope in it has let go. */
function FocusReturn({ scope }: { scope: RefObject<HTMLDivElement | null> }) {
  useFocusReturn(scope);
  return null;
}

/**
 * The open dialog. The element focused when it opens is its opener, and focus goes back to it in
 * the same commit as the dialog goes (src/bindings/focus-return-hooks.ts), also when the opener was
 * rendered again meanwhile; react-aria's own return (a frame later, only to the very element) then
 * has nothing to do.
 */
function OpenModal({ onClose, title, size = 'small', role = 'dialog', children }: ModalProps) {
  const modal = useRef<HTMLDivElement>(null);
  return (
    <>
      <ModalOverlay className="modal-overlay" isOpen onOpenChange={(open) => !open && onClose()} isDismissable>
        <AriaModal ref={modal} className={`modal modal--${size}`}>
          <Dialog className="modal__dialog" role={role}>
            <div className="modal__header">
              <Heading slot="title" className="modal__title">
                {title}
              </Heading>
              <Button variant="quiet" className="modal__close" aria-label="Close" onPress={onClose}>
                ×
              </Button>
            </div>
            <div className="modal__body">{children}</div>
          </Dialog>
        </AriaModal>
      </ModalOverlay>
      <FocusReturn scope={modal} />
    </>
  );
}
