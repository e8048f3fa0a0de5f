import { deferred } from '@/bindings/deferred';
import { useStatusMessages } from '@/bindings/hooks';
import { useDeferred } from '@/bindings/use-deferred';

const statusDialog = deferred(() => import('./status-messages-dialog'));

/** Server status messages, shown in a modal on page load (spec §2 Global page areas, §8); its code comes when there are some. */
export function StatusMessages() {
  const { shown } = useStatusMessages();
  const loaded = useDeferred(statusDialog, shown);
  return loaded ? <loaded.StatusMessagesDialog /> : null;
}
