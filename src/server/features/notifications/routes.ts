import type { ServerResponse } from "node:http";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { okAnswerSchema } from "../../../shared/answers.js";
import {
  BELL_LIMIT,
  bellAnswerSchema,
  deletedAnswerSchema,
  historyPageSchema,
  historyQuerySchema,
  markReadAnswerSchema,
  type PreferencesResponse,
  preferencesAnswerSchema,
  preferencesSchema,
  pushPublicKeyAnswerSchema,
  pushSubscriptionSchema,
  readAllAnswerSchema,
} from "../../../shared/notifications.js";
import { pushSubscription, session, user } from "../../db/schema.js";
import { answers, jsonAnswer, type ZodAnswers } from "../../lib/answers.js";
import { fieldInvalid, notFound } from "../../lib/errors.js";
import { defineInput } from "../../lib/route-input.js";
import { requirePrincipal } from "../../plugins/access.js";
import { bellAnswerText, clearHistory, markAllRead, markRead, unreadCount } from "./bell.js";
import { vapidKeys } from "./push.js";
import { assertPushEndpointAllowed } from "./push-endpoints.js";
import { saveSubscription } from "./subscriptions.js";

const readInput = defineInput({ params: z.object({ id: z.uuid({ message: "Notification not found." }) }) });
const historyInput = defineInput({ query: historyQuerySchema });
const preferencesInput = defineInput({ body: preferencesSchema });
const subscriptionInput = defineInput({ body: pushSubscriptionSchema });
const KEEPALIVE_MS = 25_000;

async function sessionStillValid(app: FastifyInstance, sessionId: string): Promise<boolean> {
  const [row] = await app.database.db
    .select({ id: session.id })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(
        eq(session.id, sessionId),
        gt(session.expiresAt, new Date()),
        sql`coalesce(${user.banned}, false) = false`,
      ),
    );
  return row !== undefined;
}

/** Every route acts on the signed-in user's own notifications and preferences only. */
/** Text messages: landscapers get every alert; customers the arrival updates of their visits. */
const smsOffered = (role: string) => role === "landscaper" || role === "customer";

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodAnswers>();
  const db = () => app.database.db;
  // Open streams end before the server closes, so a graceful shutdown is not held up by them.
  const openStreams = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const res of openStreams) res.end();
  });

  app.get(
    "/notifications",
    { config: { access: "signed-in" }, schema: answers(bellAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      return jsonAnswer(bellAnswerSchema, await bellAnswerText(db(), { userId, limit: BELL_LIMIT }));
    },
  );

  app.get(
    "/notifications/history",
    { config: { access: "signed-in", input: historyInput }, schema: answers(historyPageSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      const { query } = historyInput.parse(request);
      const before = query.before ? new Date(query.before) : null;
      const text = await bellAnswerText(db(), { userId, limit: query.limit, before, history: true });
      return jsonAnswer(historyPageSchema, text);
    },
  );

  app.post(
    "/notifications/:id/read",
    { config: { access: "signed-in", input: readInput }, schema: answers(markReadAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      const { id } = readInput.parse(request).params;
      return markRead(db(), { userId, id });
    },
  );

  app.post(
    "/notifications/read-all",
    { config: { access: "signed-in" }, schema: answers(readAllAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      return { updated: await markAllRead(db(), userId), message: "All notifications marked as read." };
    },
  );

  app.delete(
    "/notifications",
    { config: { access: "signed-in" }, schema: answers(deletedAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      return { deleted: await clearHistory(db(), userId), message: "Notification history cleared." };
    },
  );

  /** The live stream: one event per new notification; the client re-reads unread ones after a reconnect. */
  app.get(
    "/notifications/stream",
    { config: { answer: "raw", access: "signed-in" } },
    async (request, reply) => {
      const { userId, sessionId } = requirePrincipal(request);
      reply.hijack();
      const res = reply.raw;
      // Subscribed before anything else: a notification committed while the unread count is read is held
      // and sent right after 'ready', not lost for this tab (the count is a query; the alerts' part of it
      // takes a while at scale).
      const held: string[] = [];
      let isReady = false;
      const unsubscribe = app.notificationHub.subscribe(userId, (item) => {
        const event = `event: notification\nid: ${item.id}\ndata: ${JSON.stringify(item)}\n\n`;
        if (isReady) res.write(event);
        else held.push(event);
      });
      let keepalive: NodeJS.Timeout | undefined;
      let sessionCheck: NodeJS.Timeout | undefined;
      request.raw.on("close", () => {
        clearInterval(keepalive);
        clearInterval(sessionCheck);
        unsubscribe();
        openStreams.delete(res);
      });
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-request-id": request.id,
        // A hijacked reply skips the onSend hook that names the instance everywhere else.
        ...(app.env.INSTANCE_NAME ? { "x-served-by": app.env.INSTANCE_NAME } : {}),
      });
      let unread: number;
      try {
        unread = await unreadCount(db(), userId);
      } catch (error) {
        request.log.warn({ err: error }, "stream: unread count failed");
        res.end();
        return;
      }
      if (res.writableEnded || res.destroyed) return;
      res.write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ unreadCount: unread })}\n\n`);
      isReady = true;
      for (const event of held.splice(0)) res.write(event);
      keepalive = setInterval(() => res.write(": keepalive\n\n"), KEEPALIVE_MS);
      // A stream outlives the request that opened it: it ends soon after its session does (signed out, revoked
      // by a password change or an admin, expired, or the user banned), whichever instance ended it.
      sessionCheck = setInterval(() => {
        void sessionStillValid(app, sessionId)
          .then((valid) => {
            if (valid || res.writableEnded) return;
            res.write("event: signed-out\ndata: {}\n\n");
            res.end();
          })
          .catch((error) => request.log.warn({ err: error }, "stream session check failed"));
      }, app.env.STREAM_SESSION_CHECK_MS);
      openStreams.add(res);
    },
  );

  app.get(
    "/notifications/preferences",
    { config: { access: "signed-in" }, schema: answers(preferencesAnswerSchema) },
    async (request): Promise<PreferencesResponse> => {
      const principal = requirePrincipal(request);
      const [row] = await db()
        .select({
          pushOptIn: user.pushOptIn,
          smsOptIn: user.smsOptIn,
          emailOptIn: user.emailOptIn,
          messageAlerts: user.messageAlerts,
          arrivalAlerts: user.arrivalAlerts,
          phoneNumber: user.phoneNumber,
        })
        .from(user)
        .where(eq(user.id, principal.userId));
      if (!row) throw notFound("Account not found.");
      return { ...row, smsAvailable: smsOffered(principal.role) };
    },
  );

  app.put(
    "/notifications/preferences",
    { config: { access: "signed-in", input: preferencesInput }, schema: answers(preferencesAnswerSchema) },
    async (request): Promise<PreferencesResponse> => {
      const principal = requirePrincipal(request);
      const { body: input } = preferencesInput.parse(request);
      const smsAvailable = smsOffered(principal.role);
      if (input.smsOptIn && !smsAvailable)
        throw fieldInvalid("smsOptIn", "SMS alerts are available to landscapers and customers only.");
      const [row] = await db()
        .update(user)
        .set({
          pushOptIn: input.pushOptIn,
          smsOptIn: input.smsOptIn,
          emailOptIn: input.emailOptIn,
          messageAlerts: input.messageAlerts,
          arrivalAlerts: input.arrivalAlerts,
          ...(smsAvailable ? { phoneNumber: input.phoneNumber } : {}),
        })
        .where(eq(user.id, principal.userId))
        .returning({
          pushOptIn: user.pushOptIn,
          smsOptIn: user.smsOptIn,
          emailOptIn: user.emailOptIn,
          messageAlerts: user.messageAlerts,
          arrivalAlerts: user.arrivalAlerts,
          phoneNumber: user.phoneNumber,
        });
      // Turning push off forgets this user's subscriptions: nothing is sent to their browsers any more.
      if (!input.pushOptIn)
        await db().delete(pushSubscription).where(eq(pushSubscription.userId, principal.userId));
      return { ...row!, smsAvailable };
    },
  );

  app.get(
    "/push/public-key",
    { config: { access: "public" }, schema: answers(pushPublicKeyAnswerSchema) },
    async () => {
      const keys = await vapidKeys(db(), app.env);
      return { publicKey: keys.publicKey };
    },
  );

  app.post(
    "/push/subscriptions",
    { config: { access: "signed-in", input: subscriptionInput }, schema: answers(okAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      const { body: input } = subscriptionInput.parse(request);
      await assertPushEndpointAllowed(app.env, input.endpoint);
      await saveSubscription({ db: db(), userId, subscription: input });
      return { ok: true };
    },
  );

  app.delete(
    "/push/subscriptions",
    { config: { access: "signed-in" }, schema: answers(deletedAnswerSchema) },
    async (request) => {
      const { userId } = requirePrincipal(request);
      const rows = await db()
        .delete(pushSubscription)
        .where(eq(pushSubscription.userId, userId))
        .returning({ id: pushSubscription.id });
      return { deleted: rows.length };
    },
  );
}
