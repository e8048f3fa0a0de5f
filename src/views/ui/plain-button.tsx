import type { ButtonHTMLAttributes, Ref } from 'react';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> {
  variant?: 'primary' | 'secondary' | 'quiet';
  ref?: Ref<HTMLButtonElement>;
  onPress?: () => void;
}

/**
 * A native button with the looks of `Button`, for the controls every page renders at once
 * (header, order widget, flag buttons): it keeps react-aria out of each page's first script
 * (issue 10). Buttons inside dialogs and forms use the react-aria `Button`.
 */
export function PlainButton({ variant = 'secondary', className, type = 'button', onPress, ...props }: PlainButtonProps) {
  return <button {...props} type={type} onClick={onPress} className={`button button--${variant}${className ? ` ${className}` : ''}`} />;
}
