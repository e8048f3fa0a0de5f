import type { ListingHouseInfo } from '@/domain/content';

/** Paragraphs of an owner's plain text (blank lines part them); React escapes the text. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </>
  );
}

const PARTS = [
  ['access', 'Guest access'],
  ['neighbourhood', 'The neighbourhood'],
  ['transit', 'Getting around'],
  ['notes', 'Other things to note'],
] as const;

/** The description's parts after the main text, each under its heading (only those the owner wrote). */
export function DescriptionParts({ info }: { info: ListingHouseInfo }) {
  return (
    <>
      {PARTS.filter(([key]) => info[key].trim() !== '').map(([key, title]) => (
        <section key={key} className="listing-part">
          <h4>{title}</h4>
          <Paragraphs text={info[key]} />
        </section>
      ))}
    </>
  );
}

/** Arrival and departure times, the house rules and the cancellation policy. */
export function HouseRules({ info }: { info: ListingHouseInfo }) {
  return (
    <>
      <h3 className="visually-hidden">House rules and policies</h3>
      <dl className="facts">
        <dt>Check-in</dt>
        <dd>
          <time>{info.checkInTime}</time> or later
        </dd>
        <dt>Check-out</dt>
        <dd>
          by <time>{info.checkOutTime}</time>
        </dd>
      </dl>
      {info.houseRules.trim() !== '' && (
        <section className="listing-part">
          <h4>House rules</h4>
          <Paragraphs text={info.houseRules} />
        </section>
      )}
      {info.cancellationPolicy.trim() !== '' && (
        <section className="listing-part">
          <h4>Cancellation policy</h4>
          <Paragraphs text={info.cancellationPolicy} />
        </section>
      )}
    </>
  );
}
