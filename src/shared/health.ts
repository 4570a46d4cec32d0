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

/** One lag check of readiness: seconds late (null: unknown or never), and the limit (null: not counted). */
const lagCheckSchema = z.object({
  ok: z.boolean(),
  seconds: z.number().nullable(),
  limitSeconds: z.number().nullable(),
});

/** GET /api/health/ready: whether a load balancer should send this instance traffic (200) or not (503). */
export const readyAnswerSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({
    database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
    storage: z.object({ ok: z.boolean() }),
    outboxLag: lagCheckSchema,
    paymentsPassLag: lagCheckSchema,
  }),
});
export type ReadyAnswer = z.infer<typeof readyAnswerSchema>;
