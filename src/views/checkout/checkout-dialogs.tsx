import { useProtection } from '@/bindings/checkout-hooks';
import { useSettings } from '@/bindings/hooks';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';

const TITLES = { ti: 'Trip insurance', dp: 'Damage protection' } as const;

/**
 * The checkout's decline dialog (spec §4 Insurance decline flow, §9: minimum width 280) with the
 * configured declineBtn and acceptBtn. The state chooser is the page shell's (state-chooser.tsx).
 */
export function CheckoutDialogs() {
  const { insurance } = useSettings();
  const protection = useProtection();
  const pending = protection.pending;
  const decline = pending ? insurance.decline[pending.kind] : null;
  return (
    <Modal isOpen={pending !== null} onClose={protection.dismiss} title={pending ? TITLES[pending.kind] : ''} size="tiny" role="alertdialog">
      <div className="checkout-dialog">
        <p>{decline?.message}</p>
        <div className="modal__actions">
          <Button variant="secondary" onPress={protection.decline}>
            {decline?.declineBtn}
          </Button>
          <Button variant="primary" onPress={protection.accept} autoFocus>
            {decline?.acceptBtn}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
