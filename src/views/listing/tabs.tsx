import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Tabs following the ARIA tabs pattern (automatic activation): the selected tab is the only one
 * in the Tab order; Left and Right move to the previous and next tab (wrapping), Home and End to
 * the first and last, and select it; Tab goes on into the open panel. Every panel is in the
 * server's HTML, the unselected ones hidden, so the page reads in full without JavaScript and
 * nothing moves when it hydrates. (react-aria-components' Tabs did the same at 43 kB gzip more
 * than the listing page's budget allows.)
 */
export function Tabs({ items, label, className = 'tabs' }: { items: TabItem[]; label: string; className?: string }) {
  const [selected, setSelected] = useState(items[0]?.id ?? '');
  const base = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;
  const choose = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.id);
    tabRefs.current.get(item.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={`${className}__list`}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={tabId(item.id)}
            className={`${className}__tab`}
            aria-selected={item.id === selected}
            aria-controls={panelId(item.id)}
            tabIndex={item.id === selected ? 0 : -1}
            onClick={() => setSelected(item.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.title}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          className={`${className}__panel`}
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== selected}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
