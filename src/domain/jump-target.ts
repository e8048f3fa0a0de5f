/**
 * Jump menus (spec §2 Global page areas): choosing an option navigates to its value, or to
 * the URL after '::' when the value has the form 'x::url'. Only same-origin http(s) targets
 * are followed; anything else (javascript:, data:, protocol-relative, another origin) is refused.
 */

export type JumpTarget = { ok: true; url: string } | { ok: false; reason: string };

/**
 * @example resolveJumpTarget('Beach::/search', 'https://site.example') // { ok: true, url: 'https://site.example/search' }
 */
export function resolveJumpTarget(value: string, origin: string): JumpTarget {
  const separator = value.indexOf('::');
  const target = (separator >= 0 ? value.slice(separator + 2) : value).trim();
  if (target === '') return { ok: false, reason: 'empty target' };
  // Browsers treat a backslash like a slash, so '/\evil.example' is protocol-relative too.
  if (/^[\\/]{2}/.test(target) || /^\/\\/.test(target)) return { ok: false, reason: 'protocol-relative URL' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return { ok: false, reason: 'control characters in URL' };
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `scheme ${url.protocol} is not allowed` };
  }
  if (url.origin !== new URL(origin).origin) return { ok: false, reason: `other origin ${url.origin}` };
  return { ok: true, url: url.href };
}
