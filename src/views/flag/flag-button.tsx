import { useFlagButton, useSettings } from '@/bindings/hooks';
import { PlainButton } from '@/views/ui/plain-button';
import { HeartIcon } from '@/views/ui/heart-icon';

/**
 * The flag (favourite) button of spec §4 Flag: its label and class come from the flag options
 * ('Flag' / 'Unflag' by default); every button of the same item stays in sync.
 */
export function FlagButton({ itemId, itemName }: { itemId: string; itemName: string }) {
  const { text, classes } = useSettings().flag;
  const { flagged, toggle } = useFlagButton(itemId);
  return (
    <PlainButton
      variant="quiet"
      className={`flag-button ${flagged ? classes.unflag : classes.flag}`}
      data-flagged={flagged || undefined}
      data-item-id={itemId}
      aria-pressed={flagged}
      aria-label={`${flagged ? text.unflag : text.flag}: ${itemName}`}
      onPress={toggle}
    >
      <HeartIcon className="flag-button__icon" />
      <span className="flag-button__label">{flagged ? text.unflag : text.flag}</span>
    </PlainButton>
  );
}
