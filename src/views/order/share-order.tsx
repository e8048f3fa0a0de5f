import { useSettings } from '@/bindings/hooks';
import { useShareOrder } from '@/bindings/order-detail-hooks';
import { shareFormRef } from '@/bindings/share-form-hooks';
import { Modal } from '@/views/ui/modal';
import { SanitizedHtml } from '@/views/ui/sanitized-html';
import { ShortLink } from '@/views/ui/short-link';

/**
 * The share modal (spec §2 Share order): optional heading, subheading and description, the short
 * URL and the form, which is sent through system/ajax (src/bindings/share-form-binding.ts).
 */
export function ShareOrderDialog() {
  const { order } = useSettings();
  const share = useShareOrder();
  const { heading, subheading, description } = order.share;
  return (
    <Modal isOpen size="small" title={heading.trim() || 'Share your Trips Collection'} onClose={share.close}>
      <div className="order-share__body" ref={shareFormRef}>
        {subheading.trim() && <p className="order-share__subheading">{subheading}</p>}
        {description.trim() && <p className="order-share__description">{description}</p>}
        {/* The server's form may carry the short URL itself (spec §3 Share form): then it is not shown twice. */}
        {share.url && !share.form.includes(share.url) && <ShortLink id="order-share-url" url={share.url} />}
        <SanitizedHtml className="order-share__form" html={share.form} />
      </div>
    </Modal>
  );
}
