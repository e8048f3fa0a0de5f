import type { CSSProperties, FocusEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationMachine } from '@/machines/notification-machine';

type NotificationActor = ActorRefFrom<typeof notificationMachine>;

/**
 * A notification (spec §9 Notifications): a bubble with an arrow (size 15, gap 2 by default)
 * pointing at what it is about, in a status region screen readers announce; it hides itself after
 * 5000 ms unless the pointer is over it or focus is in it.
 */
export function Notification({ actor }: { actor: NotificationActor }) {
  const visible = useSelector(actor, (s) => !s.matches('hidden'));
  const text = useSelector(actor, (s) => s.context.text);
  const className = useSelector(actor, (s) => s.context.className);
  const arrowSize = useSelector(actor, (s) => s.context.arrowSize);
  const gap = useSelector(actor, (s) => s.context.gap);
  const paused = useSelector(actor, (s) => s.matches('paused'));
  const leaves = (event: FocusEvent<HTMLDivElement>) => !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget));
  return (
    <div className="notification-region" role="status">
      {visible && (
        <div
          className={`notification ${className}`}
          data-paused={paused || undefined}
          style={{ '--notification-arrow': `${arrowSize}px`, '--notification-gap': `${gap}px` } as CSSProperties}
          onPointerEnter={() => actor.send({ type: 'notification.pointer.entered' })}
          onPointerLeave={() => actor.send({ type: 'notification.pointer.left' })}
          onFocus={() => actor.send({ type: 'notification.focus.entered' })}
          onBlur={(event) => leaves(event) && actor.send({ type: 'notification.focus.left' })}
        >
          <span className="notification__text">{text}</span>
          <button type="button" className="notification__close" aria-label="Dismiss" onClick={() => actor.send({ type: 'notification.dismissed' })}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
