import { useStatusMessages } from '@/bindings/hooks';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';

const TITLES = { status: 'Status message', warning: 'Warning', error: 'Error' } as const;

/** The status messages' modal (spec §2 Global page areas, §8). */
export function StatusMessagesDialog() {
  const { messages, shown, dismiss } = useStatusMessages();
  const worst = messages.some((m) => m.type === 'error') ? 'error' : messages.some((m) => m.type === 'warning') ? 'warning' : 'status';
  return (
    <Modal isOpen={shown} onClose={dismiss} title={TITLES[worst]} size="small" role={worst === 'error' ? 'alertdialog' : 'dialog'}>
      <ul className="status-messages">
        {messages.map((message, index) => (
          <li key={index} className={`status-messages__item status-messages__item--${message.type}`}>
            {message.text}
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <Button variant="primary" onPress={dismiss}>
          OK
        </Button>
      </div>
    </Modal>
  );
}
