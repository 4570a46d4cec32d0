import type { z } from "zod";

/**
 * An outside service's settings checked at start: the parsed value, or an error naming every bad setting
 * (`PARCEL_* settings: url …; timeoutMs …`), so a misconfigured server refuses to start instead of failing
 * each call.
 */
export function settingsOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
  throw new Error(`${prefix}_* settings: ${problems}`);
}
