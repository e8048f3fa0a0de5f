import { useSettings } from '@/bindings/hooks';

/** An empty Trips Collection: why the page has nothing to show, and the way to search accommodation (search_accom_path). */
export function EmptyTrip({ message }: { message: string }) {
  const { search_accom_path: searchPath } = useSettings().order;
  return (
    <div className="empty-state">
      <p>{message}</p>
      <p>
        <a className="button button--primary" href={searchPath}>
          Search accommodation
        </a>
      </p>
    </div>
  );
}
