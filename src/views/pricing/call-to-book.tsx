import { useSettings } from '@/bindings/hooks';

/** The call-to-book text with the site's phone as a tel: link (spec §2 Summary, Detail, Quote); nothing when it is off. */
export function CallToBook({ className = 'call-to-book' }: { className?: string }) {
  const settings = useSettings();
  const text = settings.order.call_to_book.trim();
  if (!text) return null;
  const phone = settings.site.phone;
  return (
    <p className={className}>
      {text} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
    </p>
  );
}
