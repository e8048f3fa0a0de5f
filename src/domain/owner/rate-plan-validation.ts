/**
 * The rate plan's checks (shared by the server and the owner's editor). This version checks the
 * plan's shape only: that it is an object whose base rate is a whole number of cents in range
 * and whose lists are lists. The full rules (seasons, dates, fees, taxes, arrival and departure
 * days) replace it with the same signature.
 */
import type { FieldProblem } from './listing-content';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function validateRatePlan(plan: unknown, path = 'rates'): FieldProblem[] {
  if (!isRecord(plan)) return [{ path, message: 'The rates must be a rate plan.' }];
  const problems: FieldProblem[] = [];
  const base = plan.baseNightlyCents;
  if (typeof base !== 'number' || !Number.isInteger(base) || base < 1 || base > 10_000_000) {
    problems.push({ path: `${path}.baseNightlyCents`, message: 'The base nightly rate must be between $0.01 and $100,000.' });
  }
  for (const list of ['weekendNights', 'seasons', 'dates', 'fees', 'taxes'] as const) {
    if (!Array.isArray(plan[list])) problems.push({ path: `${path}.${list}`, message: `${list} must be a list.` });
  }
  return problems;
}
