import { useInsuranceState } from '@/bindings/insurance-state-hooks';
import { useSettings } from '@/bindings/hooks';
import { NO_PROVINCE } from '@/domain/checkout/checkout';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';

/**
 * The modal state chooser (spec §5 Insurance state check, §9: minimum width 280): the states plus
 * 'none'; the confirm button shows once a state (or 'none') is chosen. One per page, in the page
 * shell, for the checkout's state trigger and every guarded buy button, quote button and link.
 */
export function StateChooser() {
  const { insurance } = useSettings();
  const state = useInsuranceState();
  return (
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
  );
}
