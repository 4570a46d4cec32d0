import path from "node:path";
import { z } from "zod";
import { isProfileUrl, socialNetworks } from "../../shared/site-settings.js";
import { isCommonPassword } from "../features/accounts/common-passwords.js";
import { defaultPushHosts } from "../features/notifications/push-hosts.js";

const emailList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of email addresses" })));

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const proxyAddress = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  // proxy-addr's names for 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, the private ranges.
  z.enum(["loopback", "linklocal", "uniquelocal"]),
]);

/** A social profile for the footer: a page (not the home page) on the network's site, over https. */
function socialProfile(hosts: readonly string[]) {
  return z
    .string()
    .trim()
    .refine((value) => isProfileUrl(value, hosts), {
      message: `must be the https:// address of a page on ${hosts.join(" or ")} (not the home page)`,
    })
    .optional();
}
const [facebook, instagram, x, linkedin] = socialNetworks;

/**
 * The load balancers whose X-Forwarded-For the app believes (Fastify's trustProxy): off, or their addresses.
 * Fastify takes the right-most entry no listed proxy added, so a client's own entries further left are ignored
 * and a client reaching an instance directly is not believed at all.
 */
const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx): false | string[] => {
    const lower = value.trim().toLowerCase();
    if (lower === "false" || lower === "0" || lower === "no") return false;
    if (lower === "true" || lower === "yes") {
      ctx.addIssue({
        code: "custom",
        message:
          "true would believe any client's X-Forwarded-For; give the proxies' addresses instead (TRUST_PROXY=10.0.0.5 or 10.0.0.0/8)",
      });
      return z.NEVER;
    }
    // Fastify ignores a hop count since 5.12 (it would trust nothing: every client one address).
    if (/^\d+$/.test(lower)) {
      ctx.addIssue({
        code: "custom",
        message:
          "a hop count cannot tell the proxy from a client that reaches the instance directly; give the proxies' addresses (TRUST_PROXY=10.0.0.5 or 10.0.0.0/8)",
      });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    if (!entries.every((entry) => proxyAddress.safeParse(entry).success)) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be false or a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal",
      });
      return z.NEVER;
    }
    return entries;
  });

const port = z.coerce
  .number({ message: "must be a port number" })
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be between 1 and 65535" })
  .max(65535, { message: "must be between 1 and 65535" });

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as http://localhost:3000" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/, { message: "must be a postgres:// or postgresql:// connection URL" })
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  TRUST_PROXY: trustProxy,
  // Failed sign-ins (per 15 minutes) and reset requests (per hour) allowed from one address.
  SIGNIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  RESET_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z
    .string()
    .max(2000)
    .regex(/^rediss?:\/\/[^\s]+$/, { message: "must be a redis:// or rediss:// URL" })
    .optional(),
  // Client addresses never rate limited (a health checker, the test runner); comma-separated.
  RATE_LIMIT_ALLOW_LIST: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.union([z.ipv4(), z.ipv6()], { message: "must be a comma-separated list of IP addresses" })),
    ),
  // Every call to another service (SMTP, push, SMS, Redis) gives up after this long.
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // How long an instance may reuse a session it looked up (0: never). Revocations reach every instance at once
  // through LISTEN/NOTIFY; this bounds a copy only if that delivery fails.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  // How often an open notification stream checks that its session still exists (closed within this long).
  STREAM_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BETTER_AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ADMIN_EMAILS: emailList,
  MASTER_EMAILS: emailList,
  ADMIN_EMAIL: z.email({ message: "must be an email address" }).optional(),
  // Set straight into the database at the first start, so it gets the check sign-up would have made.
  ADMIN_PASSWORD: z
    .string()
    .min(8, { message: "must be at least 8 characters" })
    .refine((value) => !isCommonPassword(value), { message: "is a common password; choose another" })
    .optional(),
  // Unset: on in development and tests, off with NODE_ENV=production (see loadEnv). `npm start` turns it on.
  SEED_DEMO: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("GreenScape Charlotte <no-reply@greenscape.local>"),
  TEAM_EMAIL: z.email({ message: "must be an email address" }).default("team@greenscape.local"),
  // Run the outbox worker (email, push and SMS lanes) in this instance.
  OUTBOX_WORKER: booleanFlag.default(true),
  // Renamed: the outbox is no longer only mail. Refused with a message rather than silently ignored.
  MAIL_WORKER: z
    .never({ message: "was renamed OUTBOX_WORKER (the outbox sends email, push and SMS)" })
    .optional(),
  // The browser push services a subscription may point at; "*.example.com" matches subdomains.
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(defaultPushHosts.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Tests only: lets a push endpoint on this machine (a local HTTPS peer) be used. Refused in production.
  PUSH_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { message: "must start with mailto: or https://" })
    .default("mailto:support@greenscapecharlotte.com"),
  TWILIO_ACCOUNT_SID: z.string().min(10).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(10).optional(),
  TWILIO_FROM: z.string().min(3).optional(),
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  // Charged when a customer cancels within 24 hours of the visit; paid to the landscaper.
  CANCELLATION_FEE_CENTS: z.coerce.number().int().min(0).max(100_000).default(2500),
  // After completion the customer has this long to approve the work or report a problem; silence approves.
  WORK_APPROVAL_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  // The footer's social links: each shows only when set (the footer shows none when none is).
  SOCIAL_FACEBOOK_URL: socialProfile(facebook.hosts),
  SOCIAL_INSTAGRAM_URL: socialProfile(instagram.hosts),
  SOCIAL_X_URL: socialProfile(x.hosts),
  SOCIAL_LINKEDIN_URL: socialProfile(linkedin.hosts),
  // A message unread this long is emailed (at most once per conversation per hour); tests shorten it.
  MESSAGE_EMAIL_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  // Run the payments pass (holds before visits, approvals after 48 hours, recovery of interrupted
  // provider calls) in this instance; several instances share it through SKIP LOCKED.
  PAYMENTS_WORKER: booleanFlag.default(true),
  PAYMENTS_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  // Stripe instead of the embedded test processor: all three, or none.
  STRIPE_SECRET_KEY: z
    .string()
    .max(300)
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, {
      message: "must be a Stripe secret key (sk_test_… or sk_live_…)",
    })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .max(300)
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, { message: "must be a Stripe publishable key (pk_test_…)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .max(300)
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: "must be a Stripe webhook signing secret (whsec_…)" })
    .optional(),
  // Lot sizes from an ArcGIS REST parcel layer (issue 34); without a URL the customer's own answer stands.
  PARCEL_ARCGIS_URL: z.url().optional(),
  PARCEL_ADDRESS_FIELD: z.string().max(64).default("SITE_ADDRESS"),
  PARCEL_ZIP_FIELD: z.string().max(64).optional(),
  PARCEL_AREA_FIELD: z.string().max(64).default("ACRES"),
  PARCEL_AREA_UNIT: z.enum(["acres", "sqft"]).default("acres"),
  PARCEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  PARCEL_SOURCE: z.string().min(1).max(60).default("From county records"),
  // Rain flags on the Schedule (issue 37): "nws" reads api.weather.gov; "none" (the default) flags nothing.
  WEATHER_PROVIDER: z.enum(["none", "nws"]).default("none"),
  WEATHER_NWS_URL: z.url().default("https://api.weather.gov"),
  // NWS requires a User-Agent naming the application and a contact, e.g. "GreenScape (ops@example.com)".
  WEATHER_USER_AGENT: z.string().max(200).optional(),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  WEATHER_CACHE_MINUTES: z.coerce.number().int().min(15).max(1440).default(30),
  // Admin → Health's figures (issue 38): the scheduled pass (with PAYMENTS_WORKER) counts the default period
  // again when its stored count is this old; other periods are counted when asked and kept this long.
  HEALTH_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  // A visit is flagged when the day's chance of rain at its place is at least this.
  RAIN_FLAG_PERCENT: z.coerce.number().int().min(1).max(100).default(60),
  // Tests only: where the Stripe API is (a local peer); Stripe's own servers when unset.
  STRIPE_API_URL: z.url().optional(),
  // Uploads in an S3-compatible object store instead of DATA_DIR/uploads (needed by several instances).
  S3_BUCKET: z
    .string()
    .min(3, { message: "must be 3 to 63 characters" })
    .max(63, { message: "must be 3 to 63 characters" })
    .regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, {
      message: "must be a bucket name (lower-case letters, digits, dots, hyphens)",
    })
    .optional(),
  // Another S3-compatible server (MinIO, R2, s3rver); AWS's regional endpoint when unset.
  S3_ENDPOINT: z.url({ message: "must be a URL such as http://127.0.0.1:9000" }).optional(),
  S3_REGION: z.string().min(1).max(40).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  // Bucket in the path rather than the host name: what most non-AWS servers need.
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PREFIX: z
    .string()
    .max(100)
    .regex(/^([a-zA-Z0-9][a-zA-Z0-9._-]*\/)*$/, {
      message: "must be empty or end with / (for example uploads/)",
    })
    .default(""),
  // The weekly payout run: weekday (0 Sunday … 6 Saturday) and hour, America/New_York.
  PAYOUT_DAY: z.coerce.number().int().min(0).max(6).default(5),
  PAYOUT_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  // Readiness (GET /api/health/ready) fails when the oldest due, unsent outbox message has waited longer than
  // this, or the payments pass last finished longer ago than this (any instance); 0 reports without failing.
  OUTBOX_LAG_READY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  PASS_LAG_READY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  // Prometheus metrics (docs/operating.md): on a port of their own, and/or at /metrics on PORT with this token
  // as a Bearer token. Neither set: no metrics.
  METRICS_PORT: port.optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, { message: "must be 32 to 100 characters" })
    .max(100, { message: "must be 32 to 100 characters" })
    .regex(/^[\x21-\x7e]+$/, { message: "must be printable characters without spaces" })
    .optional(),
  // This instance's name, sent back as X-Served-By (several instances behind a load balancer).
  INSTANCE_NAME: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9._-]+$/, { message: "must be letters, digits, dots, hyphens or underscores" })
    .optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "SEED_DEMO"> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  SEED_DEMO: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Empty strings count as unset, so `FOO=` in a .env file does not bypass a default. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== "") result[key] = value;
  }
  return result;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three to use Stripe, or none for the built-in test processor",
    );
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set (uploads go to local disk without it)",
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the machine's AWS credentials",
    );
  }
  if (env.NODE_ENV === "production" && env.PUSH_ALLOW_PRIVATE_ADDRESSES) {
    throw new ConfigError(
      "Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ADDRESSES: is for tests only and cannot be used with NODE_ENV=production",
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError(
      "Invalid configuration:\n  METRICS_PORT: must differ from PORT (unset it and set METRICS_TOKEN to serve /metrics on PORT)",
    );
  }
  // The pass runs once a poll period and takes a while itself: a lag limit within two periods fails readiness
  // between two healthy runs.
  if (env.PASS_LAG_READY_SECONDS > 0 && env.PASS_LAG_READY_SECONDS * 1000 < 2 * env.PAYMENTS_POLL_MS) {
    throw new ConfigError(
      "Invalid configuration:\n  PASS_LAG_READY_SECONDS: must be at least two PAYMENTS_POLL_MS periods (or 0 to report the lag without failing readiness)",
    );
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // Demo accounts share a published password: a production deployment never creates them unless asked.
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}
