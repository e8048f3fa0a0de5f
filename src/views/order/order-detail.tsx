import { memo, useMemo, useState } from 'react';
import { useAfterPaint } from '@/bindings/after-paint';
import { useSettings } from '@/bindings/hooks';
import { useBuyWindow, useItemPage, useLineItems, useOrderActions, useOrderContent, useOrderDetailSettled, useShareOrder } from '@/bindings/order-detail-hooks';
import { useOrder, useOrderDetail } from '@/bindings/order-hooks';
import { useQuote } from '@/bindings/quote-hooks';
import { useStateGuard } from '@/bindings/state-guard-hooks';
import { formatMoney } from '@/domain/money';
import { hasLineItems, type LineItem } from '@/domain/order/order';
import type { PricedOffer } from '@/domain/pricing/derived';
import { formatStayDate } from '@/domain/pricing/dates';
import { itemBuyURL, itemURLHash } from '@/domain/pricing/item-links';
import { FEES_INCLUDED } from '@/domain/pricing/shown-prices';
import { Button } from '@/views/ui/button';
import { guestLines, plural } from './guest-lines';
import { OrderActivities } from './order-activities';

/**
 * One line item: image and name linked with the rcav hash, dates, offer, guests, price, Buy,
 * Quote and Remove. Memoised: adding or removing another item does not re-render it.
 */
const LineItemRow = memo(function LineItemRow({ itemKey, item, offer }: { itemKey: string; item: LineItem; offer: PricedOffer }) {
  const settings = useSettings();
  const page = useItemPage(item.eid);
  const actions = useOrderActions();
  const detail = useOrderDetail();
  const quote = useQuote();
  const buy = useBuyWindow();
  const guard = useStateGuard();
  const [described, setDescribed] = useState(false);
  const name = item.n ?? page?.name ?? `Item ${item.eid}`;
  const href = page ? `${page.url}${itemURLHash(item.qp)}` : null;
  const descriptionId = `order-item-description-${itemKey}`;
  const description = page?.summary ?? '';
  const removing = actions.pendingKey === itemKey;
  return (
    <li className="order-item" data-key={itemKey} data-pending={removing || undefined}>
      <div className="order-item__image">
        {page ? (
          <a href={href ?? undefined} tabIndex={-1} aria-hidden="true">
            <img src={page.photo.src} alt="" width={112} height={76} loading="lazy" decoding="async" />
          </a>
        ) : (
          <span className="order-item__image-placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="order-item__body">
        <h4 className="order-item__name">{href ? <a href={href}>{name}</a> : name}</h4>
        <p className="order-item__dates">
          {formatStayDate(item.b)} – {formatStayDate(item.e)}
          {offer.nt > 0 && <> · {plural(offer.nt, 'night', 'nights')}</>}
        </p>
        {(item.dn || item.dd) && (
          <p className="order-item__offer">
            {item.dn && <span className="order-item__display-name">{item.dn}</span>}
            {item.dn && item.dd && ' · '}
            {item.dd && <span className="order-item__display-detail">{item.dd}</span>}
          </p>
        )}
        <p className="order-item__guests">
          {guestLines(item).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
        {description && (
          <>
            <Button variant="quiet" className="order-item__toggle" aria-expanded={described} aria-controls={descriptionId} onPress={() => setDescribed(!described)}>
              {described ? 'Hide description' : 'Show description'}
            </Button>
            {/* Shown and hidden over 150 ms (spec §9 Description toggle); see styles.css. */}
            <div id={descriptionId} className="order-item__description" data-shown={described || undefined}>
              <div>
                <p>{description}</p>
              </div>
            </div>
          </>
        )}
      </div>
      <div className="order-item__side">
        <p className="order-item__price">
          <span className="visually-hidden">Price </span>
          {formatMoney(item.p, { currency: item.c ?? settings.order.currency, precision: 2 })}
          <span className="price-note">{FEES_INCLUDED}</span>
        </p>
        <div className="order-item__actions">
          <Button variant="primary" aria-label={`Buy ${name}`} onPress={() => guard(() => buy(itemBuyURL(item.eid, item.qp)))}>
            Buy
          </Button>
          <Button
            aria-label={`Quote ${name}`}
            isPending={quote.isPending(offer)}
            isDisabled={quote.loading}
            onPress={() =>
              guard(() => {
                // The quote opens in its own (tiny) modal: the detail steps aside for it.
                detail.close();
                quote.request(offer);
              })
            }
          >
            Quote
          </Button>
          <Button variant="quiet" className="order-item__remove" aria-label={`Remove ${name}`} isPending={removing} isDisabled={actions.busy} onPress={() => actions.remove(itemKey)}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
});

/** The Share button (spec §4 Share button): only with line items, pending and disabled while prepared. */
export function ShareButton() {
  const order = useOrder();
  const share = useShareOrder();
  if (!hasLineItems(order)) return null;
  return (
    <Button className="order-share__button" isPending={share.pending} onPress={share.share}>
      {share.pending ? 'Preparing the link…' : 'Share'}
    </Button>
  );
}

/**
 * The order detail (spec §2 Trips Collection): summary heading, the line items, the activities
 * panes, the subtotal with 2 decimals and its annotation, Checkout, the share area and the
 * search-accommodation button.
 */
export function OrderDetail() {
  const settings = useSettings();
  // The header widget repaints first after an add or a remove; the detail follows (issue 5: one frame).
  const order = useAfterPaint(useOrder());
  const items = useLineItems(order);
  const stays = useMemo(() => items.map(({ item }) => item), [items]);
  const eids = useMemo(() => [...new Set(stays.map((item) => item.eid))], [stays]);
  const content = useOrderContent(eids);
  const { order: orderSettings } = settings;
  const count = items.length;
  return (
    <div className="order-detail">
      <h3 className="order-detail__summary">
        {count === 0 ? 'Your Trips Collection is empty' : `${plural(count, 'line item', 'line items')} in your Trips Collection`}
      </h3>
      {content.failed && (
        <div className="order-detail__problem" role="alert">
          <p>Some details of your stays could not be loaded.</p>
          <Button onPress={content.retry}>Try again</Button>
        </div>
      )}
      {count > 0 && (
        <ul className="order-detail__items" aria-label="Line items">
          {items.map(({ key, item, offer }) => (
            <LineItemRow key={key} itemKey={key} item={item} offer={offer} />
          ))}
        </ul>
      )}
      {count > 0 && <OrderActivities items={stays} />}
      {count > 0 && (
        <div className="order-detail__subtotal">
          <p>
            <span>Subtotal</span> <strong data-testid="order-detail-subtotal">{formatMoney(order.litot, { currency: orderSettings.currency, precision: 2 })}</strong>
          </p>
          {orderSettings.subtotal_annotation && <p className="order-detail__annotation">{orderSettings.subtotal_annotation}</p>}
        </div>
      )}
      <div className="order-detail__actions">
        {count > 0 && (
          <a className="button button--primary order-detail__checkout" href="/rescms/order/checkout">
            Checkout
          </a>
        )}
        <div className="order-share">
          <ShareButton />
        </div>
        <a className="button button--secondary order-detail__search" href={orderSettings.search_accom_path}>
          Search accommodation
        </a>
      </div>
    </div>
  );
}

/**
 * The order detail as a page's main content (/mytrip): laid out at once but shown only when its
 * rows' item pages and the activities are known, so it appears whole instead of growing.
 */
export function SettledOrderDetail() {
  const settled = useOrderDetailSettled();
  return (
    <div className="order-detail__settling" data-settled={settled || undefined}>
      <OrderDetail />
    </div>
  );
}
