import Cookies from 'js-cookie';

/** Spec §1: when the framework setting is on, has_js=1 (path /, SameSite Lax) is set on page load. */
export function markHasJs(): void {
  Cookies.set('has_js', '1', { path: '/', sameSite: 'Lax' });
}
