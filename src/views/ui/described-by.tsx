import { createElement, type JSX, type ReactElement } from 'react';

/**
 * react-aria gives a field's parts an aria-describedby naming the field's description and error
 * message before it knows whether they are shown (useSlotId), and drops the absent ones only in the
 * browser, after rendering. The server's HTML, all a visitor has of a part until its code comes on
 * intent (src/bindings/island.tsx), so names ids that are nowhere in the page. These render
 * functions (react-aria-components' `render` prop) keep the attribute only where the view knows what
 * it points at: the ids react-aria gave while the field shows its error (`invalid`: it is live then,
 * and has checked them), and ids of the view's own (`own`), always. The same on the server and in
 * the browser, so hydration sees the server's HTML.
 *
 * @example <Button render={describedBy('button')} />                  // no description, no error
 * @example <Input render={describedBy('input', isInvalid, hintId)} />  // its hint, and the error once shown
 */
export function describedBy<T extends 'input' | 'button' | 'div' | 'span'>(tag: T, invalid = false, own?: string) {
  return (props: JSX.IntrinsicElements[T]): ReactElement => {
    const ids = [invalid ? props['aria-describedby'] : undefined, own].filter(Boolean).join(' ');
    return createElement(tag, { ...props, 'aria-describedby': ids || undefined });
  };
}
