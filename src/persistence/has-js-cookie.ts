import { setCookie } from './cookies';

/** Spec §1: when the framework setting is on, has_js=1 (path /, SameSite Lax) is set on page load. */
export function markHasJs(): void {
  setCookie('has_js', '1');
}
