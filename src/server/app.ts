import path from "node:path";
import multipart from "@fastify/multipart";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import helmet from "helmet";
import type { Env } from "./config/env.js";
import { clientBuildDir } from "./config/paths.js";
import type { Database } from "./db/client.js";
import { type Auth, createAuth } from "./features/accounts/auth.js";
import { accountRoutes } from "./features/accounts/routes.js";
import { SessionCache } from "./features/accounts/session-cache.js";
import { accountActionRoutes } from "./features/admin/account-routes.js";
import { adminRoutes } from "./features/admin/routes.js";
import { bookingRoutes } from "./features/booking/routes.js";
import { conversationRoutes } from "./features/conversations/routes.js";
import { customerRoutes } from "./features/customers/routes.js";
import { exportRoutes } from "./features/exports/routes.js";
import { InstanceMetrics, metricsPlugin } from "./features/health/index.js";
import { healthRoutes } from "./features/health/routes.js";
import { jobRoutes } from "./features/jobs/routes.js";
import { landscaperRoutes } from "./features/landscapers/routes.js";
import { NotificationHub } from "./features/notifications/hub.js";
import { fanOutJobAlert } from "./features/notifications/job-alerts.js";
import { type PushMessage, sendPush } from "./features/notifications/push.js";
import { safePushAgent } from "./features/notifications/push-endpoints.js";
import { notificationRoutes } from "./features/notifications/routes.js";
import { sendSms, smsProviderFor } from "./features/notifications/sms.js";
import {
  type PaymentProvider,
  paymentProviderFor,
  receiptData,
  receiptPdf,
} from "./features/payments/index.js";
import { paymentRoutes } from "./features/payments/routes.js";
import { priceChangeRoutes } from "./features/price-changes/routes.js";
import { pricingRoutes } from "./features/pricing/routes.js";
import {
  builtAt,
  loadPageShells,
  profilePages,
  profileRoutes,
  seoFileRoutes,
} from "./features/profiles/index.js";
import { proofRoutes } from "./features/proof/routes.js";
import { quoteRoutes } from "./features/quotes/routes.js";
import { reviewRoutes } from "./features/reviews/routes.js";
import { scheduleRoutes } from "./features/schedule/routes.js";
import { reofferSuspendedProVisits } from "./features/series/index.js";
import { seriesRoutes } from "./features/series/routes.js";
import { siteRoutes } from "./features/site/routes.js";
import { weatherRoutes } from "./features/weather/routes.js";
import { answerSerializerCompiler, noValidatorCompiler } from "./lib/answers.js";
import { createStorage } from "./lib/create-storage.js";
import { DEFAULT_BODY_LIMIT, registerJsonParser } from "./lib/json-body.js";
import { EmailSender } from "./lib/outbox/email-sender.js";
import { OutboxWorker } from "./lib/outbox/worker.js";
import { createParcelProvider } from "./lib/parcels/create-parcels.js";
import type { ParcelProvider } from "./lib/parcels/parcel-provider.js";
import { withRequestId } from "./lib/request-context.js";
import { getOrCreateSetting, randomSecret } from "./lib/settings.js";
import type { Storage } from "./lib/storage.js";
import { createForecastProvider } from "./lib/weather/create-forecast.js";
import type { ForecastProvider } from "./lib/weather/forecast-provider.js";
import { accessPlugin } from "./plugins/access.js";
import { errorHandlerPlugin } from "./plugins/error-handler.js";
import { originCheckPlugin } from "./plugins/origin-check.js";
import { rateLimitPlugin } from "./plugins/rate-limit.js";
import { loadSpaAssets, spaPlugin } from "./plugins/spa.js";
import { ScheduledWork } from "./scheduled-work.js";

export const defaultClientDir = clientBuildDir;

export interface BuildOptions {
  env: Env;
  database: Database;
  /** The built SPA; tests of the API alone pass null. */
  clientDir?: string | null;
  logger?: FastifyServerOptions["logger"];
  storage?: Storage;
  /** Payments go to this provider; the embedded test processor when absent. */
  paymentProvider?: PaymentProvider;
  /** Lot sizes come from this provider; the one the settings name (none by default) when absent. */
  parcelProvider?: ParcelProvider;
  /** Chances of rain come from this provider; the one the settings name (none by default) when absent. */
  forecastProvider?: ForecastProvider;
}

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
    database: Database;
    auth: Auth;
    storage: Storage;
    outboxWorker: OutboxWorker;
    notificationHub: NotificationHub;
    sessionCache: SessionCache;
    paymentProvider: PaymentProvider;
    parcelProvider: ParcelProvider;
    forecastProvider: ForecastProvider;
  }
}

export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    // Per route: most take a form's few KB; a route that needs more declares its own (lib/json-body.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // The router's own refusals (a malformed or over-long path segment) answer in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const code = error.code.toLowerCase().replace(/^fst_err_/, "");
      (reply as FastifyReply)
        .status(error.statusCode ?? 400)
        .send({ error: { code, message: "This address is not valid." } });
    },
  });

  app.decorate("env", env);
  app.decorate("database", database);
  const metrics = new InstanceMetrics();
  app.decorate("metrics", metrics);
  registerJsonParser(app);

  const secret =
    env.BETTER_AUTH_SECRET ?? (await getOrCreateSetting(database.db, "better_auth_secret", randomSecret));
  app.decorate("auth", createAuth({ db: database.db, env, secret }));
  const storage = options.storage ?? createStorage(env);
  app.decorate("storage", storage);
  // A store the app made is the app's to close; one passed in belongs to the caller (tests share it).
  if (!options.storage) app.addHook("onClose", async () => storage.close?.());

  const sms = smsProviderFor(env, app.log);
  const pushAgent = safePushAgent(env);
  const email = new EmailSender({
    log: app.log,
    from: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    mailDir: path.join(env.DATA_DIR, "mail"),
    timeoutMs: env.OUTBOUND_TIMEOUT_MS,
    renderAttachment: async (ref) => {
      const data = await receiptData(database.db, ref.jobId);
      return {
        filename: `receipt-${data.jobNumber}.pdf`,
        content: await receiptPdf(data),
        contentType: "application/pdf",
      };
    },
  });
  const outboxWorker = new OutboxWorker({
    db: database.db,
    log: app.log,
    // The outbound call's own timeout, plus a second for whatever surrounds it (DNS, the database row).
    messageDeadlineMs: env.OUTBOUND_TIMEOUT_MS + 1000,
    onOutcome: (channel, outcome) => metrics.deliveries.inc({ channel, outcome }),
    senders: {
      // SMTP refusing one message is probably SMTP being down: the rest of the batch waits for the next tick.
      email: { send: (message) => email.send(message), stopsBatchOnFailure: !email.toFiles },
      push: {
        send: async (message) => {
          if (!message.userId) return;
          await sendPush({
            db: database.db,
            env,
            userId: message.userId,
            message: message.payload as PushMessage,
            agent: pushAgent,
          });
        },
      },
      fanout: { send: (message) => fanOutJobAlert(database.db, message.id).then(() => {}) },
      sms: {
        send: (message) =>
          sendSms({
            db: database.db,
            provider: sms,
            userId: message.userId,
            to: message.to,
            body: message.text,
          }),
      },
    },
  });
  app.decorate("outboxWorker", outboxWorker);
  if (env.OUTBOX_WORKER) app.addHook("onReady", async () => outboxWorker.start());

  const paymentProvider = options.paymentProvider ?? paymentProviderFor(env, database.db);
  app.decorate("paymentProvider", paymentProvider);
  app.decorate("parcelProvider", options.parcelProvider ?? createParcelProvider(env));
  const forecastProvider =
    options.forecastProvider ??
    createForecastProvider(env, database.db, (message) => app.log.warn({ weather: message }, "no forecast"));
  app.decorate("forecastProvider", forecastProvider);
  const paymentPass = new ScheduledWork({
    db: database.db,
    provider: paymentProvider,
    publicUrl: env.PUBLIC_URL,
    log: app.log,
    pollMs: env.PAYMENTS_POLL_MS,
    schedule: { day: env.PAYOUT_DAY, hour: env.PAYOUT_HOUR },
    env,
    approvalHours: env.WORK_APPROVAL_HOURS,
    forecast: forecastProvider,
  });
  if (env.PAYMENTS_WORKER) app.addHook("onReady", async () => paymentPass.start());
  app.addHook("onClose", async () => paymentPass.stop());

  const notificationHub = new NotificationHub(database, app.log);
  app.decorate("notificationHub", notificationHub);
  const sessionCache = new SessionCache({ ttlMs: env.SESSION_CACHE_MS });
  app.decorate("sessionCache", sessionCache);
  app.addHook("onReady", async () =>
    sessionCache.start(database, (error) => app.log.warn({ err: error }, "unreadable session change")),
  );
  app.addHook("onClose", async () => sessionCache.stop());
  app.addHook("onReady", async () => notificationHub.start());
  app.addHook("onClose", async () => notificationHub.stop());
  app.addHook("onClose", async () => {
    await outboxWorker.stop();
    email.close();
    pushAgent.destroy();
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // Behind a load balancer, which instance answered (logs and the two-instance test read it).
    if (env.INSTANCE_NAME) reply.header("x-served-by", env.INSTANCE_NAME);
  });

  const clientDir = options.clientDir === undefined ? defaultClientDir : options.clientDir;
  const assets = clientDir ? loadSpaAssets(clientDir) : undefined;

  // With Stripe keys set, the card screens load Stripe.js, which draws its fields in frames of its own.
  const stripe = env.STRIPE_PUBLISHABLE_KEY
    ? { script: ["https://js.stripe.com"], frame: ["https://js.stripe.com", "https://hooks.stripe.com"] }
    : { script: [], frame: [] };
  // The security headers' middleware, built once: @fastify/helmet built it again on every request (its
  // directives parsed each time: 7% of the bell's CPU under load, issue 32).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(assets?.scriptHashes ?? []), ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(env.STRIPE_PUBLISHABLE_KEY ? ["https://api.stripe.com"] : [])],
        ...(stripe.frame.length ? { frameSrc: stripe.frame } : {}),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Not upgrade-insecure-requests: `npm start` serves plain http://localhost in production mode.
        upgradeInsecureRequests: null,
      },
    },
    hsts: env.NODE_ENV === "production" ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  await app.register(errorHandlerPlugin);
  // Answers are serialised through their route's zod schema (src/server/lib/answers.ts).
  app.setSerializerCompiler(answerSerializerCompiler({ checkJsonText: env.NODE_ENV !== "production" }));
  app.setValidatorCompiler(noValidatorCompiler);
  // Every form is read by readMultipart (lib/multipart.ts), which sets each route's limits and counts a form's
  // text; these defaults only keep a future direct request.file() from inheriting the parser's (1 MB fields,
  // no limit on how many).
  await app.register(multipart, {
    limits: {
      fieldSize: 64 * 1024,
      fields: 50,
      fileSize: 1024 * 1024,
      files: 1,
      parts: 51,
      headerPairs: 100,
    },
  });
  await app.register(originCheckPlugin);
  await app.register(accessPlugin);
  await app.register(rateLimitPlugin);
  await app.register(metricsPlugin);
  // The handler and all it starts run as part of this request: outbox rows it queues keep its id (the worker
  // logs it). After the body is read, since the body's stream events run outside the request's context.
  app.addHook("preHandler", (request, _reply, done) => withRequestId(request.id, done));

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountRoutes);
      await api.register(siteRoutes);
      await api.register(quoteRoutes);
      await api.register(pricingRoutes);
      await api.register(bookingRoutes);
      await api.register(jobRoutes);
      await api.register(seriesRoutes);
      await api.register(customerRoutes);
      await api.register(landscaperRoutes);
      await api.register(notificationRoutes);
      await api.register(adminRoutes);
      // A suspended pro's upcoming bookings go to others in the suspension's transaction (series feature).
      await api.register(
        accountActionRoutes({
          reofferVisits: (tx, landscaperId, actorId) =>
            reofferSuspendedProVisits(tx, { landscaperId, actorId, provider: app.paymentProvider.name }),
        }),
      );
      await api.register(exportRoutes);
      await api.register(paymentRoutes);
      await api.register(proofRoutes);
      await api.register(priceChangeRoutes);
      await api.register(conversationRoutes);
      await api.register(scheduleRoutes);
      await api.register(reviewRoutes);
      await api.register(weatherRoutes);
      await api.register(profileRoutes);
    },
    { prefix: "/api" },
  );

  if (assets) await app.register(spaPlugin, { assets });
  // The public profiles and their list, served as HTML with their content (decision record 024).
  const shells = assets ? loadPageShells(assets.root, assets.fallbackFile) : undefined;
  if (shells) await app.register(profilePages, shells);
  await app.register(seoFileRoutes, { builtAt: assets ? builtAt(assets.root) : undefined });

  const answerNotFound = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    const isApi = urlPath === "/api" || urlPath.startsWith("/api/");
    if (!isApi && app.sendSpa && (request.method === "GET" || request.method === "HEAD")) {
      return app.sendSpa(urlPath, reply);
    }
    return reply.status(404).send({
      error: { code: "not_found", message: `No route for ${request.method} ${urlPath}.` },
    });
  };
  // A request that matches no route is answered before its body is read: Fastify would otherwise parse the
  // body (up to the body limit) for the not-found handler, and anyone can send a body to a path that is not there.
  // GET and HEAD bodies are never read, so their answer (the SPA's page, outside /api) stays the handler's.
  app.addHook("onRequest", async (request, reply) => {
    if (request.is404 && request.method !== "GET" && request.method !== "HEAD") {
      return answerNotFound(request, reply);
    }
  });
  app.setNotFoundHandler(answerNotFound);

  return app;
}
