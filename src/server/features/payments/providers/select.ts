import type { Env } from "../../../config/env.js";
import type { Db } from "../../../db/client.js";
import type { PaymentProvider } from "./provider.js";
import { StripeProvider } from "./stripe-provider.js";
import { TestProcessor } from "./test-processor.js";

/** Stripe when its keys are set (the env check makes sure all three are), else the embedded test processor. */
export function paymentProviderFor(env: Env, db: Db): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) return new TestProcessor(db);
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new StripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    timeoutMs: env.OUTBOUND_TIMEOUT_MS,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
}
