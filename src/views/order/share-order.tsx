import { useState, type KeyboardEvent } from 'react';
import { useSettings } from '@/bindings/hooks';
import { useCopy, useShareOrder } from '@/bindings/order-detail-hooks';
import { Button } from '@/views/ui/button';
import { Modal } from '@/views/ui/modal';
import { SanitizedHtml } from '@/views/ui/sanitized-html';

/** Spec §5: pressing Enter in any input of the share URL form does not submit it. */
function keepEnterFromSubmitting(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** The share modal (spec §2 Share order): optional heading, subheading and description, the short URL and the form. */
export function ShareOrderDialog() {
  const { order } = useSettings();
  const share = useShareOrder();
  const copy = useCopy();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { heading, subheading, description } = order.share;
  return (
    <Modal isOpen size="small" title={heading.trim() || 'Share your Trips Collection'} onClose={share.close}>
      <div className="order-share__body" onKeyDown={keepEnterFromSubmitting}>
        {subheading.trim() && <p className="order-share__subheading">{subheading}</p>}
        {description.trim() && <p className="order-share__description">{description}</p>}
        {/* The server's form may carry the short URL itself (spec §3 Share form): then it is not shown twice. */}
        {share.url && !share.form.includes(share.url) && (
          <div className="order-share__url">
            <label htmlFor="order-share-url">Short link</label>
            <div className="order-share__url-row">
              <input id="order-share-url" type="url" readOnly value={share.url} onFocus={(event) => event.currentTarget.select()} />
              <Button
                onPress={() => {
                  void copy(share.url).then((ok) => setCopied(ok ? 'copied' : 'failed'));
                }}
              >
                Copy link
              </Button>
            </div>
            <p className="order-share__copied" role="status">
              {copied === 'copied' ? 'Link copied.' : copied === 'failed' ? 'Select the link and copy it.' : ''}
            </p>
          </div>
        )}
        <SanitizedHtml className="order-share__form" html={share.form} />
      </div>
    </Modal>
  );
}
