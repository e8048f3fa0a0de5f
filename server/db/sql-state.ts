/** The PostgreSQL SQLSTATE of a database error (or of its causes, as drivers wrap them), or null. */
export function sqlState(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | null, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}
