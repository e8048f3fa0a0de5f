import { useFlagButton, useSettings } from '@/app/hooks';
import { Button } from '@/views/ui/button';

/**
 * The flag (favourite) button of spec §4 Flag: its label and class come from the flag options
 * ('Flag' / 'Unflag' by default); every button of the same item stays in sync.
 */
export function FlagButton({ itemId, itemName }: { itemId: string; itemName: string }) {
  const { text, classes } = useSettings().flag;
  const { flagged, toggle } = useFlagButton(itemId);
  return (
    <Button
      variant="quiet"
      className={`flag-button ${flagged ? classes.unflag : classes.flag}`}
      data-flagged={flagged || undefined}
      data-item-id={itemId}
      aria-pressed={flagged}
      aria-label={`${flagged ? text.unflag : text.flag}: ${itemName}`}
      onPress={toggle}
    >
      <svg className="flag-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.1 1.7-1.9 3.3-3.1 5.4-3.1 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="flag-button__label">{flagged ? text.unflag : text.flag}</span>
    </Button>
  );
}
