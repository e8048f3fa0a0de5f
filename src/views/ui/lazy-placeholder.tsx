import { deferred } from '@/bindings/deferred';
import { loadWhenSeen } from '@/bindings/load-when-seen-hooks';
import { useDeferred } from '@/bindings/use-deferred';

const live = deferred(() => import('./lazy-placeholder-live'));
const watch = loadWhenSeen(live);

/**
 * A lazy placeholder block (spec §2 Lazy placeholder blocks, §4 Lazy content, §7): the page
 * carries only the block; once it is seen its code arrives (lazy-placeholder-live.tsx), fetches
 * its HTML and replaces it. Without script the link leads to the content.
 */
export function LazyPlaceholder({ url, label }: { url: string; label: string }) {
  const module = useDeferred(live);
  if (module) return <module.LazyPlaceholderLive url={url} label={label} />;
  return (
    <div ref={watch} className="lazy-placeholder" data-bto-jump-select={url} data-state="waiting">
      <p className="muted">
        <a href={url}>{label}</a>
      </p>
    </div>
  );
}
