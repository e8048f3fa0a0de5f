/**
 * A small seeded pseudo-random generator (mulberry32), so that machines stay pure: the effect
 * draws the seed, the machine hands it to the domain, and the same seed always gives the same
 * numbers (spec §9: ties in the ranked sort are broken by random numbers).
 */

/** The largest seed; seeds are whole numbers from 0 to 2^32 - 1 (others are wrapped into that range). */
export const MAX_SEED = 0xffff_ffff;

/** A seed from any number: its whole part wrapped into 0 … 2^32 - 1; not a finite number gives 0. */
export function normaliseSeed(seed: number): number {
  return Number.isFinite(seed) ? Math.trunc(seed) >>> 0 : 0;
}

/**
 * Numbers in [0, 1), the same sequence for the same seed.
 *
 * @example const random = seededRandom(42); random(); // 0.6011037519201636, every time
 */
export function seededRandom(seed: number): () => number {
  let state = normaliseSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
