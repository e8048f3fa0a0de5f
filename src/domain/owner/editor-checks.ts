/**
 * The owner's editor's own pure helpers: money typed in currency units and kept in cents, the
 * document read and written by a field's path ('rates.seasons.2.end'), the few required fields
 * checked in the browser before a save, and what differs between two versions of a listing.
 */
import type { FieldProblem, ListingContent } from './listing-content';
import { firstPerPath, validateListing } from './listing-validation';

/**
 * '120', '120.5', '1,250.00' → cents; null when it is not an amount. Rounds to the cent once, so a
 * value already in cents is never multiplied twice.
 *
 * @example centsFromUnits('89.90') // 8990
 */
export function centsFromUnits(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
}

/** Cents → what the owner types: '89.90', '120' for whole amounts. */
export function unitsFromCents(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A rent factor (0.95) as the owner reads it: 5 (% off); null stays null. */
export function percentOffFromFactor(factor: number | null): number | null {
  return factor === null ? null : Math.round((1 - factor) * 10_000) / 100;
}

/** 5 (% off) → 0.95; 0 or empty → null (no discount). */
export function factorFromPercentOff(percent: number | null): number | null {
  if (percent === null || Number.isNaN(percent) || percent === 0) return null;
  return Math.round((100 - percent) * 100) / 10_000;
}

const segments = (path: string): string[] => path.split('.').filter((part) => part !== '');

/** The value at `path` of a document (undefined when there is none). */
export function valueAt(document: unknown, path: string): unknown {
  let node: unknown = document;
  for (const key of segments(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `document` with `value` at `path`; arrays stay arrays (a numeric segment is an index). */
export function withValueAt<T>(document: T, path: string, value: unknown): T {
  const [key, ...rest] = segments(path);
  if (key === undefined) return value as T;
  const node = (document ?? {}) as Record<string, unknown> | unknown[];
  const child = Array.isArray(node) ? node[Number(key)] : (node as Record<string, unknown>)[key];
  const next = rest.length === 0 ? value : withValueAt(child, rest.join('.'), value);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...node, [key]: next } as T;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The fields the browser checks before a save (the server checks everything and answers 422 with
 * the same paths): name, property code, type, area, the base nightly rate and the two times.
 */
export function basicProblems(document: ListingContent): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const need = (path: string, ok: boolean, message: string) => {
    if (!ok) problems.push({ path, message });
  };
  need('name', document.name.trim() !== '', 'Enter the listing’s name.');
  need('name', document.name.length <= 50, 'Keep the name to 50 characters or fewer.');
  need('propertyCode', document.propertyCode.trim() !== '', 'Enter the property code, e.g. CHC-1001.');
  need('type', document.type !== '', 'Choose the property type.');
  need('area', document.area !== '', 'Choose the area.');
  need('rates.baseNightlyCents', Number.isInteger(document.rates.baseNightlyCents) && document.rates.baseNightlyCents >= 100, 'Enter the nightly rate (at least 1).');
  need('checkInTime', document.checkInTime === '' || TIME.test(document.checkInTime), 'Enter the time as HH:MM, e.g. 16:00.');
  need('checkOutTime', document.checkOutTime === '' || TIME.test(document.checkOutTime), 'Enter the time as HH:MM, e.g. 10:00.');
  return firstPerPath(problems);
}

/**
 * Everything the browser checks before a save: the basic fields' own sentences first, then every
 * other check the server makes without looking anything up (lengths, ranges, HTML in text,
 * overlapping seasons, a departure rule that leaves no stay …), one problem per field.
 */
export function editorProblems(document: ListingContent): FieldProblem[] {
  return firstPerPath([...basicProblems(document), ...validateListing(document)]);
}

export interface NewListingEntries {
  name: string;
  propertyCode: string;
  area: string;
  type: string;
}

/** The 'Add a home' dialog's fields, checked before the POST. */
export function newListingProblems(entries: NewListingEntries): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (entries.name.trim() === '') problems.push({ path: 'name', message: 'Enter the listing’s name.' });
  else if (entries.name.length > 50) problems.push({ path: 'name', message: 'Keep the name to 50 characters or fewer.' });
  if (entries.propertyCode.trim() === '') problems.push({ path: 'propertyCode', message: 'Enter the property code, e.g. CHC-1001.' });
  if (entries.area === '') problems.push({ path: 'area', message: 'Choose the area.' });
  if (entries.type === '') problems.push({ path: 'type', message: 'Choose the property type.' });
  return problems;
}

export interface Difference {
  path: string;
  mine: unknown;
  theirs: unknown;
}

/**
 * Every leaf that differs between two documents, by path (arrays of different lengths count as
 * one difference at the array's path): what the conflict message lists.
 */
export function documentDifferences(mine: unknown, theirs: unknown, path = ''): Difference[] {
  if (Object.is(mine, theirs)) return [];
  const bothObjects = mine !== null && theirs !== null && typeof mine === 'object' && typeof theirs === 'object';
  if (!bothObjects || Array.isArray(mine) !== Array.isArray(theirs) || (Array.isArray(mine) && Array.isArray(theirs) && mine.length !== theirs.length)) {
    return [{ path, mine, theirs }];
  }
  const keys = new Set([...Object.keys(mine as object), ...Object.keys(theirs as object)]);
  return [...keys].flatMap((key) =>
    documentDifferences((mine as Record<string, unknown>)[key], (theirs as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}

/** The problems of one field, by its path (and of the fields below it, for a table's row). */
export function problemsAt(problems: readonly FieldProblem[], path: string): string | undefined {
  return problems.find((problem) => problem.path === path)?.message;
}
