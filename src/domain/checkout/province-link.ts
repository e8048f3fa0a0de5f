/**
 * A link or form action with the guest's insurance state appended (spec §5 Insurance state check:
 * `&province={state}`), replacing one already there; unchanged without a state.
 *
 * @example withProvince('/rescms/item/1002/buy?rcav%5Badult%5D=2', 'FL') // '/rescms/item/1002/buy?rcav%5Badult%5D=2&province=FL'
 * @example withProvince('/rescms/order/checkout', 'none') // '/rescms/order/checkout?province=none'
 */
export function withProvince(url: string, province: string | null): string {
  if (!province) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = (queryAt === -1 ? '' : beforeHash.slice(queryAt + 1)).split('&').filter((part) => part !== '' && !/^province(=|$)/.test(part));
  params.push(`province=${encodeURIComponent(province)}`);
  return `${path}?${params.join('&')}${hash}`;
}
