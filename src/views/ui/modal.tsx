import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export type ModalSize = 'tiny' | 'small' | 'medium';

/**
 * A modal dialog (spec §9 Modal sizes: order medium, pricing detail small, quote tiny).
 * Focus is trapped inside and returns to the trigger when it closes; Escape closes it.
 */
export function Modal(props: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}) {
  const { isOpen, onClose, title, size = 'small', role = 'dialog', children } = props;
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <AriaModal className={`modal modal--${size}`}>
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
  );
}
