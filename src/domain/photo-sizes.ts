/**
 * How wide the pages show a photo, as `sizes` attributes: the browser picks the smallest file of
 * an uploaded photo's `srcset` that covers it (server/media/ writes 320 to 1920 px). They follow
 * the layouts of styles.css: content at most 1200 px less 2 × 1.25rem of padding; result cards in
 * columns of at least 260 px (one column below 600 px, so the viewport's width less the padding).
 */
export const PHOTO_SIZES = {
  /** A result card (and any photo a page does not say otherwise of): at most about 400 px from 600 px up. */
  card: '(min-width: 600px) 400px, calc(100vw - 2.5rem)',
  /** The listing slider's slide and the gallery's main photo: the content's width. */
  page: '(min-width: 1200px) 1160px, calc(100vw - 2.5rem)',
  /** A thumbnail of the slider or the gallery. */
  thumb: '120px',
} as const;
