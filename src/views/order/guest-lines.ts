import type { LineItem } from '@/domain/order/order';

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'N Adult' / 'N Adults', 'N Child' / 'N Children' (spec §2 Order detail). */
export function guestLines(item: Pick<LineItem, 'qp'>): string[] {
  const { adult = 0, child = 0 } = item.qp.rcav;
  const lines = [plural(Number(adult), 'Adult', 'Adults')];
  if (Number(child) > 0) lines.push(plural(Number(child), 'Child', 'Children'));
  return lines;
}

