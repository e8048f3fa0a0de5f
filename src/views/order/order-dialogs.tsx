import { useAfterPaint } from '@/bindings/after-paint';
import { useShareOrder } from '@/bindings/order-detail-hooks';
import { useOrderDetail, useSharedTrip } from '@/bindings/order-hooks';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';
import { OrderDetail } from './order-detail';
import { PriceChanges } from './price-changes';
import { ShareOrderDialog } from './share-order';

/** Spec §4 Opening a shared trip: the confirmation, word for word. */
export const REPLACE_CONFIRMATION = 'This Trips Collection will replace any Trips Collection you may have in progress. Would you like to proceed?';

/**
 * The Trips Collection's modals, rendered once beside the widget: the order detail (medium),
 * the shared-trip confirmation, the notice that a shared trip could not be opened, and the share modal.
 */
const isClosed = (open: boolean) => !open;

export function OrderDialogs() {
  const detail = useOrderDetail();
  // After an add the widget paints first; the detail opens in the next frame (closing is at once).
  const detailOpen = useAfterPaint(detail.open, isClosed);
  const shared = useSharedTrip();
  const share = useShareOrder();
  return (
    <>
      {detailOpen && detail.open && !share.shown && (
        <Modal isOpen size="medium" title="Your Trips Collection" onClose={detail.close}>
          <OrderDetail />
        </Modal>
      )}
      {share.shown && <ShareOrderDialog />}
      {shared.confirming && (
        <Modal isOpen size="small" role="alertdialog" title="Open a shared Trips Collection" onClose={shared.decline}>
          {shared.changes.length > 0 && (
            <div className="order-confirm__changes">
              <p>Since this Trips Collection was shared, prices have been checked again:</p>
              <PriceChanges className="order-confirm__change-list" changes={shared.changes} context="shared" />
            </div>
          )}
          <p className="order-confirm__text">{REPLACE_CONFIRMATION}</p>
          <div className="modal__actions">
            <Button variant="primary" onPress={shared.accept}>
              Yes
            </Button>
            <Button onPress={shared.decline}>No</Button>
          </div>
        </Modal>
      )}
      {shared.notice && (
        <Modal isOpen size="small" role="alertdialog" title="Shared Trips Collection" onClose={shared.dismissNotice}>
          <p className="order-notice__text">{shared.notice}</p>
          <div className="modal__actions">
            <Button variant="primary" onPress={shared.dismissNotice}>
              OK
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
