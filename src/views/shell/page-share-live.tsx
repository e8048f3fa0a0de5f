import { shareFormRef } from '@/bindings/share-form-hooks';
import { useSharePage } from '@/bindings/share-page-hooks';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';
import { SanitizedHtml } from '@/views/ui/sanitized-html';
import { ShortLink } from '@/views/ui/short-link';

/**
 * The share button (pending and disabled while the modal is prepared, spec §4) and the share
 * modal: the page's short URL and the share form with its social links (spec §2, §3).
 */
export function SharePageLive() {
  const share = useSharePage();
  return (
    <>
      <Button variant="quiet" className="share-page__button" isPending={share.pending} onPress={share.share}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <circle cx="18" cy="5" r="2.6" fill="currentColor" />
          <circle cx="6" cy="12" r="2.6" fill="currentColor" />
          <circle cx="18" cy="19" r="2.6" fill="currentColor" />
          <path d="M8.3 10.8 15.7 6.2M8.3 13.2l7.4 4.6" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        <span>{share.pending ? 'Preparing…' : 'Share'}</span>
      </Button>
      {share.shown && (
        <Modal isOpen size="small" title="Share this page" onClose={share.close}>
          <div className="order-share__body share-page__body" ref={shareFormRef}>
            {share.url && <ShortLink id="share-page-url" url={share.url} />}
            <SanitizedHtml className="order-share__form" html={share.form} />
          </div>
        </Modal>
      )}
    </>
  );
}
