import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { RateLimitedError } from "../lib/errors.js";
import { policies, type RateLimitPolicy } from "../lib/rate-limit/policies.js";
import { PostgresRateLimitStore, type RateLimitStore, RedisRateLimitStore } from "../lib/rate-limit/store.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Limits applied per client address before the handler runs; every public write must declare some. */
    rateLimit?: readonly RateLimitPolicy[];
  }
  interface FastifyInstance {
    rateLimitStore: RateLimitStore;
    /** Counts one hit of `policy` for `subject` (the client address when omitted); throws a 429 past the limit. */
    limit(request: FastifyRequest, policy: RateLimitPolicy, subject?: string): Promise<void>;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { env } = app;
  const store: RateLimitStore = env.REDIS_URL
    ? new RedisRateLimitStore(
        new Redis(env.REDIS_URL, {
          // An unreachable Redis must not hold requests: each command gives up after the outbound timeout.
          connectTimeout: env.OUTBOUND_TIMEOUT_MS,
          commandTimeout: Math.min(env.OUTBOUND_TIMEOUT_MS, 2000),
          maxRetriesPerRequest: 1,
        }),
      )
    : new PostgresRateLimitStore(app.database.db);
  app.decorate("rateLimitStore", store);
  app.addHook("onClose", async () => store.close());
  const allowList = new Set(env.RATE_LIMIT_ALLOW_LIST);

  app.decorate("limit", async (request: FastifyRequest, policy: RateLimitPolicy, subject?: string) => {
    if (allowList.has(request.ip)) return;
    const key = `${policy.name}:${(subject ?? request.ip).toLowerCase()}`;
    let count: number;
    let resetAt: Date;
    try {
      ({ count, resetAt } = await store.hit(key, policy.windowMs));
    } catch (error) {
      // Fail open: a counter store outage must not take sign-in and quoting down with it. The sign-in
      // lock-out lives in the database and still holds (docs/decisions/006-trust-and-abuse-limits.md).
      request.log.warn({ err: error, policy: policy.name }, "rate-limit store unavailable; request allowed");
      return;
    }
    if (count > policy.max) {
      throw new RateLimitedError(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)));
    }
  });

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => !SAFE_METHODS.has(method));
    const config = route.config as { access?: unknown; rateLimit?: readonly RateLimitPolicy[] } | undefined;
    if (writes && config?.access === "public" && !config.rateLimit?.length) {
      throw new Error(`Public write ${route.method} ${route.url} declares no rate limit (config.rateLimit).`);
    }
  });

  // Registered after the access plugin, so it runs after the access check and before the body is read:
  // a refused request costs one counter hit, not a 10 MB upload. The access plugin has set the principal of
  // every route that is not public, so each signed-in write is also counted against its account.
  app.addHook("onRequest", async (request) => {
    const limits = request.routeOptions.config?.rateLimit ?? [];
    for (const policy of limits) await app.limit(request, policy);
    const principal = request.principal;
    if (principal && !SAFE_METHODS.has(request.method)) {
      await app.limit(request, policies.writeByAccount, principal.userId);
    }
  });
});
