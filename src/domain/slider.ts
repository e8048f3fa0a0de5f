/**
 * The site's sliders (spec §2 Listing detail page and Homepage, §3 Site settings read and Slider
 * slide caption, §9 Listing slider, Homepage community photos slider, Breakpoints): their sizes,
 * which slides load, the community caption rule, and the virtual-tour slider's settings.
 */
import type { Photo } from './content';
import type { SiteSettings } from './settings';

/** Spec §9 Breakpoints: mobile is below 768 px. */
export const MOBILE_MAX_WIDTH = 767;

/** The layout of a slider: desktop (768 px and wider) or mobile (767 px or less). */
export type SliderLayout = 'desktop' | 'mobile';

/** The look of one slider, as CSS reads it (custom properties set on the slider's element). */
export interface SliderLook {
  /** Width of the centre slide as a share of the slider's width (visibleNearby.centerArea); 1 shows no nearby slides. */
  centerArea: number;
  /** The centre area below `breakpoint` px. */
  breakpointCenterArea: number;
  /** Width in px below which `breakpointCenterArea` applies. */
  breakpoint: number;
  /** Width / height of a slide. */
  aspect: number;
  /** Largest slide height in px. */
  maxHeight: { desktop: number };
  /** The look below 768 px, when it differs (spec §9 Listing slider: height 500, no nearby slides). */
  mobile?: { centerArea: number; maxHeight: number };
  /** Gap between slides in px. */
  spacing: number;
  /** The slider's widest width in px, when it does not scale with the page (bt.responsiveRS false). */
  maxWidth?: number;
}

/**
 * Spec §9 Listing slider: desktop height 320 with nearby slides (centre area 0.55, 0.64 on a
 * narrow desktop below 1024 px); mobile height 500 with no nearby slides; vrw.rs_aspect sets
 * the slides' aspect ratio (the heights are the most a slide may take).
 */
export function listingSliderLook(rsAspect: number): SliderLook {
  return { centerArea: 0.55, breakpointCenterArea: 0.64, breakpoint: 1024, aspect: rsAspect, maxHeight: { desktop: 320 }, mobile: { centerArea: 1, maxHeight: 500 }, spacing: 8 };
}

/** Spec §9 Homepage community photos slider: centre area 0.5, 0.64 below the 650 px slider breakpoint. */
export function communitySliderLook(): SliderLook {
  return { centerArea: 0.5, breakpointCenterArea: 0.64, breakpoint: 650, aspect: 3 / 2, maxHeight: { desktop: 420 }, spacing: 8 };
}

/**
 * The virtual-tour slider of bt_virtual_tours.options (spec §3): bt.responsiveRS scales it with
 * the page (autoScaleSliderWidth / autoScaleSliderHeight as its aspect; otherwise that fixed size),
 * no taller than bt.max_height; visibleNearby.centerArea, and bt.breakpointCenterArea at
 * bt.breakpoint px or less; slidesSpacing between slides.
 */
export function tourSliderLook(options: SiteSettings['bt_virtual_tours']['options']): SliderLook {
  const aspect = options.autoScaleSliderWidth / options.autoScaleSliderHeight;
  const maxHeight = options['bt.max_height'] > 0 ? options['bt.max_height'] : options.autoScaleSliderHeight;
  return {
    centerArea: options['visibleNearby.centerArea'] || 1,
    breakpointCenterArea: options['bt.breakpointCenterArea'] || 1,
    // bt.breakpoint is the largest width of the narrow look (767 → up to 767 px).
    breakpoint: options['bt.breakpoint'] + 1,
    aspect,
    maxHeight: { desktop: maxHeight },
    spacing: options.slidesSpacing,
    ...(options['bt.responsiveRS'] ? {} : { maxWidth: options.autoScaleSliderWidth }),
  };
}

/** How far apart two slides are in a slider that loops: `circularDistance(0, 9, 10)` is 1. */
export function circularDistance(a: number, b: number, count: number): number {
  const d = Math.abs(a - b) % count;
  return Math.min(d, count - d);
}

/**
 * The slides whose images are loaded once `index` is shown: those already loaded, the shown one
 * and `preload` on either side of it, around the loop (spec §9: the listing slider preloads 2).
 *
 * @example slidesToLoad([], 0, 10, 2) // [0, 1, 2, 8, 9]
 */
export function slidesToLoad(loaded: readonly number[], index: number, count: number, preload: number): number[] {
  const next = new Set(loaded);
  for (let i = 0; i < count; i++) if (circularDistance(i, index, count) <= preload) next.add(i);
  return [...next].sort((a, b) => a - b);
}

/** Spec §3 Slider slide caption: the caption that marks a slide as a community photo. */
export const COMMUNITY_PHOTO_CAPTION = 'Community photos';

/** A slide after the caption rule: whether it is a community photo, and the caption left to show. */
export interface SlideCaption {
  community: boolean;
  caption: string;
}

/**
 * Spec §3 Slider slide caption: the caption 'Community photos' marks a slide as a community photo
 * and is then removed. Other captions are kept (trimmed).
 *
 * @example slideCaption('Community photos') // { community: true, caption: '' }
 */
export function slideCaption(caption: string): SlideCaption {
  const text = caption.trim();
  return text === COMMUNITY_PHOTO_CAPTION ? { community: true, caption: '' } : { community: false, caption: text };
}

/**
 * The text alternative of a slide's photo: its description, else its caption after the caption
 * rule, else `fallback` (never the 'Community photos' marker).
 */
export function slideAlt(photo: Pick<Photo, 'caption' | 'description'>, fallback: string): string {
  return photo.description?.trim() || slideCaption(photo.caption).caption || fallback;
}

/**
 * Whether a tour or video URL may be shown in a frame: a path of this site, or an https URL of an
 * origin bt_virtual_tours.embed_origins allows (the CSP frame-src lists the same origins).
 * Anything else is offered as a plain link.
 *
 * @example embeddableUrl('/media/tours/1001.html', []) // true
 * @example embeddableUrl('https://tours.example.com/x', ['https://tours.example.com']) // true
 */
export function embeddableUrl(url: string, allowedOrigins: readonly string[]): boolean {
  if (/^\/(?![/\\])/.test(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && allowedOrigins.some((origin) => origin.toLowerCase() === parsed.origin);
}
