import { z } from "zod";

/** GET /api/health: the database and the file store answered (200) or not (503). */
export const healthAnswerSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.object({ engine: z.string(), ok: z.boolean(), latencyMs: z.number() }),
  storage: z.object({ kind: z.enum(["disk", "s3"]), ok: z.boolean() }),
});

/** GET /api/health/live: the process answers. */
export const liveAnswerSchema = z.object({ status: z.literal("ok") });

/** GET /api/health/runtime (admins): process figures, after a full collection when `gc=1` could run one. */
export const runtimeAnswerSchema = z.object({
  uptimeSeconds: z.number(),
  collected: z.boolean(),
  memory: z.object({
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
  }),
});
