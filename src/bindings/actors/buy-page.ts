import { withProvince } from '@/domain/checkout/province-link';
import type { SiteSettings } from '@/domain/settings';
import { openBuyWindow } from '@/effects/buy-window';
import { readInsuranceState } from '@/persistence/insurance-state-cookie';

/** An item's buy page with the guest's insurance state (spec §5: `&province={state}` once known). */
export const buyPageUrl = (url: string, settings: SiteSettings): string => withProvince(url, readInsuranceState(settings.insurance.states));

/** Opens an item's buy page in a new window (spec §2 Item routes), with the guest's insurance state. */
export function openBuyPage(url: string, settings: SiteSettings): void {
  const target = buyPageUrl(url, settings);
  if (!openBuyWindow(target)) console.warn(`Buy page refused: ${target}`);
}
