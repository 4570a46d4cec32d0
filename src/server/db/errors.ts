/** One clear line for a database that cannot be opened, naming the setting to fix. */
export function describeDatabaseError(error: unknown, url: string | undefined): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (!url) return `Could not open the embedded database under DATA_DIR: ${reason}`;
  let where = "the server";
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    // The URL passed the schema's shape check; keep the generic wording if it still cannot be parsed.
  }
  return `DATABASE_URL: could not connect to PostgreSQL at ${where}: ${reason}`;
}

/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), optionally the named one: Drizzle wraps
 * the driver's error (`cause`), and PGlite and node-postgres both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
