import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'quiet';
  ref?: Ref<HTMLButtonElement>;
}

/** A react-aria button; `isPending` disables it and shows `data-pending` (spec §4 Quote / Share button). */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`button button--${variant}${className ? ` ${String(className)}` : ''}`} />;
}
