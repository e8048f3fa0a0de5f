import { useInsuranceState, useProtection } from '@/bindings/checkout-hooks';
import { useSettings } from '@/bindings/hooks';
import { NO_PROVINCE } from '@/domain/checkout/checkout';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';

const TITLES = { ti: 'Trip insurance', dp: 'Damage protection' } as const;

/**
 * The checkout's dialogs (spec §4 Insurance decline flow, §5 Insurance state check, §9: minimum
 * width 280): the decline dialog with the configured declineBtn and acceptBtn, and the modal
 * state chooser whose confirm button shows once a state (or 'none') is chosen.
 */
export function CheckoutDialogs() {
  const { insurance } = useSettings();
  const protection = useProtection();
  const state = useInsuranceState();
  const pending = protection.pending;
  const decline = pending ? insurance.decline[pending.kind] : null;
  return (
    <>
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
      <Modal isOpen={state.open} onClose={state.dismiss} title={insurance.texts.title} size="tiny">
        <div className="checkout-dialog">
          <p id="insurance-state-prompt">{insurance.texts.prompt}</p>
          <label htmlFor="insurance-state">{insurance.texts.select_prompt}</label>
          <select id="insurance-state" aria-describedby="insurance-state-prompt" value={state.choice} onChange={(e) => state.change(e.currentTarget.value)}>
            <option value="">{insurance.texts.select_prompt}</option>
            {Object.entries(insurance.states).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
            <option value={NO_PROVINCE}>{insurance.texts.not_listed}</option>
          </select>
          {state.canConfirm && (
            <div className="modal__actions">
              <Button variant="primary" onPress={state.confirm}>
                {insurance.texts.button}
              </Button>
            </div>
          )}
        </div>
      </Modal>
    </>
  );
}
