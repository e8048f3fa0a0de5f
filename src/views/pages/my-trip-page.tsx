import { useSettings } from '@/app/hooks';

/** /mytrip: the order search / my-trip page, base of shared Trips Collection links (spec §2). */
export function MyTripPage() {
  const { order } = useSettings();
  return (
    <div className="page page--mytrip">
      <h1>My trip</h1>
      <p className="lead">
        Your Trips Collection keeps the stays and activities you pick, with their dates and prices, until you are ready to book.
      </p>
      <div className="empty-state">
        <p>Your Trips Collection is empty.</p>
        <p>
          <a className="button button--primary" href={order.search_accom_path}>
            Search accommodation
          </a>
        </p>
      </div>
    </div>
  );
}
