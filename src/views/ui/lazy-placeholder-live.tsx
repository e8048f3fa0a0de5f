import { useLazyPlaceholder, type LazyPlaceholderEffects } from '@/bindings/lazy-placeholder-hooks';

/**
 * A lazy placeholder block, live (spec §2 Lazy placeholder blocks, §4 Lazy content): it keeps its room
 * and says what is coming until it is seen, then fetches its HTML (GET {data-bto-jump-select
 * url}, spec §7) and is replaced by it, sanitized; a failure offers Try again. Without script the
 * link leads to the content. Its code arrives when the block is first seen (lazy-placeholder.tsx).
 */
export function LazyPlaceholderLive({ url, label, effects }: { url: string; label: string; effects?: LazyPlaceholderEffects }) {
  const [ref, placeholder] = useLazyPlaceholder<HTMLDivElement>(url, effects);
  if (placeholder.state === 'shown') {
    // Sanitized by the effect before the actor took it (lazy-placeholder-hooks.ts).
    return <div className="lazy-placeholder lazy-placeholder--shown" dangerouslySetInnerHTML={{ __html: placeholder.html }} />;
  }
  return (
    <div ref={ref} className="lazy-placeholder" data-bto-jump-select={url} data-state={placeholder.state} aria-busy={placeholder.state === 'loading' || undefined}>
      {placeholder.state === 'failed' ? (
        <p role="alert">
          {label} could not be loaded.{' '}
          <button type="button" className="button button--secondary" onClick={placeholder.retry}>
            Try again
          </button>
        </p>
      ) : (
        <p className="muted">
          <a href={url}>{label}</a>
        </p>
      )}
    </div>
  );
}
