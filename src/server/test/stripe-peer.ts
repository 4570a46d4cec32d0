import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP peer answering the Stripe API endpoints our adapter uses, with Stripe's documented object and
 * error shapes (stripe/openapi spec3.json), for tests on machines that cannot reach Stripe. It keeps its
 * objects in memory, replays an idempotency key's first answer like Stripe does, and knows Stripe's test
 * payment methods (pm_card_visa and friends). `/peer/...` routes stand in for what happens outside the API
 * (a landscaper finishing onboarding, Stripe cancelling a hold after 7 days).
 */
export interface StripePeer {
  url: URL;
  /** Every API request the peer answered (method and path), for tests that count calls. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  objects: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

const testMethods: Record<
  string,
  { brand: string; last4: string; decline?: { code: string; decline_code: string } }
> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0341",
    decline: { code: "card_declined", decline_code: "generic_decline" },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    decline: { code: "card_declined", decline_code: "insufficient_funds" },
  },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (a[b][c]=d) as nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = result;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, code?: string) =>
  new StripeError(400, { type: "invalid_request_error", message, ...(code ? { code } : {}) });
const missing = (id: string) =>
  new StripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such object: '${id}'`,
  });

export async function startStripePeer(): Promise<StripePeer> {
  const objects = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: StripePeer["requests"] = [];

  const get = (id: string) => {
    const object = objects.get(id);
    if (!object) throw missing(id);
    return object;
  };
  const put = (object: Record<string, unknown>) => {
    objects.set(String(object.id), object);
    return object;
  };

  function paymentMethod(token: string, customer: string) {
    const known = testMethods[token];
    if (!known) throw invalid(`No such PaymentMethod: '${token}'`);
    return put({
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer,
      card: { brand: known.brand, last4: known.last4, exp_month: 12, exp_year: 2034 },
      metadata: { token },
    });
  }

  function createIntent(params: Record<string, unknown>) {
    const method = get(String(params.payment_method));
    const token = String((method.metadata as { token: string }).token);
    const amount = Number(params.amount);
    const manual = params.capture_method === "manual";
    const intentId = newId("pi");
    const decline = testMethods[token]?.decline;
    const chargeId = newId("ch");
    put({
      id: chargeId,
      object: "charge",
      amount,
      amount_captured: decline || manual ? 0 : amount,
      amount_refunded: 0,
      captured: !decline && !manual,
      payment_intent: intentId,
      status: decline ? "failed" : "succeeded",
      payment_method_details: { type: "card", card: { capture_before: manual ? now() + 7 * 86_400 : null } },
    });
    const intent = put({
      id: intentId,
      object: "payment_intent",
      amount,
      amount_capturable: decline || !manual ? 0 : amount,
      amount_received: decline || manual ? 0 : amount,
      capture_method: manual ? "manual" : "automatic",
      cancellation_reason: null,
      currency: params.currency,
      customer: params.customer,
      payment_method: method.id,
      latest_charge: chargeId,
      description: params.description ?? null,
      status: decline ? "requires_payment_method" : manual ? "requires_capture" : "succeeded",
      last_payment_error: decline
        ? { type: "card_error", ...decline, message: "Your card was declined.", payment_method: method }
        : null,
      created: now(),
    });
    if (decline)
      throw new StripeError(402, {
        type: "card_error",
        ...decline,
        message: "Your card was declined.",
        payment_intent: intent,
      });
    return intent;
  }

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const parts = path.split("/").filter(Boolean);
    const [, resource, id, action] = parts;
    if (parts[0] === "peer") {
      // Outside the API: onboarding finished; a hold Stripe cancels after 7 days.
      if (resource === "accounts" && action === "enable")
        return Object.assign(get(id!), { payouts_enabled: true });
      if (resource === "payment_intents" && action === "expire") {
        const intent = get(id!);
        return Object.assign(intent, {
          status: "canceled",
          cancellation_reason: "automatic",
          amount_capturable: 0,
        });
      }
      throw missing(path);
    }
    if (method === "POST" && resource === "customers" && !id)
      return put({
        id: newId("cus"),
        object: "customer",
        email: params.email,
        name: params.name,
        metadata: params.metadata ?? {},
      });
    if (resource === "payment_methods" && id) {
      if (method === "POST" && action === "attach") return paymentMethod(id, String(params.customer));
      if (method === "GET" && !action) return get(id);
    }
    if (resource === "setup_intents") {
      if (method === "POST" && !id) {
        const setupId = newId("seti");
        return put({
          id: setupId,
          object: "setup_intent",
          client_secret: `${setupId}_secret_${randomBytes(8).toString("hex")}`,
          customer: params.customer,
          status: "requires_payment_method",
          payment_method: null,
          last_setup_error: null,
          usage: params.usage ?? "off_session",
        });
      }
      // What Stripe.js does in the browser when the person submits the Payment Element.
      if (method === "POST" && action === "confirm") {
        const intent = get(id!);
        const pm = paymentMethod(String(params.payment_method), String(intent.customer));
        return Object.assign(intent, { status: "succeeded", payment_method: pm.id });
      }
      if (method === "GET" && id) return get(id);
    }
    if (resource === "payment_intents") {
      if (method === "POST" && !id) return createIntent(params);
      const intent = get(id!);
      if (method === "GET" && !action) return intent;
      if (method === "POST" && action === "capture") {
        if (intent.status !== "requires_capture")
          throw invalid(
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            "payment_intent_unexpected_state",
          );
        const amount = Math.min(Number(params.amount_to_capture ?? intent.amount), Number(intent.amount));
        Object.assign(get(String(intent.latest_charge)), { amount_captured: amount, captured: true });
        return Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
      }
      if (method === "POST" && action === "cancel") {
        if (intent.status !== "requires_capture" && intent.status !== "requires_payment_method")
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            "payment_intent_unexpected_state",
          );
        return Object.assign(intent, {
          status: "canceled",
          cancellation_reason: params.cancellation_reason ?? null,
          amount_capturable: 0,
        });
      }
    }
    if (method === "GET" && resource === "charges" && id) return get(id);
    if (method === "POST" && resource === "refunds") {
      const intent = get(String(params.payment_intent));
      const charge = get(String(intent.latest_charge));
      const left = Number(charge.amount_captured) - Number(charge.amount_refunded);
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (amount > left)
        throw invalid(
          `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
          "charge_already_refunded",
        );
      charge.amount_refunded = Number(charge.amount_refunded) + amount;
      return put({
        id: newId("re"),
        object: "refund",
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        status: "succeeded",
      });
    }
    if (method === "POST" && resource === "accounts" && !id)
      return put({
        id: newId("acct"),
        object: "account",
        type: params.type,
        email: params.email,
        payouts_enabled: false,
        charges_enabled: false,
        details_submitted: false,
        metadata: params.metadata ?? {},
      });
    if (method === "GET" && resource === "accounts" && id) return get(id);
    if (method === "POST" && resource === "account_links")
      return {
        object: "account_link",
        url: `https://connect.stripe.com/setup/e/${String(params.account)}/${randomBytes(6).toString("hex")}`,
        created: now(),
        expires_at: now() + 300,
      };
    if (method === "POST" && resource === "transfers") {
      const account = get(String(params.destination));
      if (!account.payouts_enabled)
        throw invalid(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          "insufficient_capabilities_for_transfer",
        );
      return put({
        id: newId("tr"),
        object: "transfer",
        amount: Number(params.amount),
        currency: params.currency,
        destination: account.id,
        reversed: false,
      });
    }
    throw missing(path);
  }

  function respond(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    response.end(JSON.stringify(body));
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://peer");
      const method = request.method ?? "GET";
      const raw = Buffer.concat(chunks).toString("utf8");
      const params = method === "GET" ? Object.fromEntries(url.searchParams) : parseForm(raw);
      const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, idempotencyKey: key });
      if (!url.pathname.startsWith("/peer") && request.headers.authorization !== "Bearer sk_test_peer") {
        respond(response, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided." },
        });
        return;
      }
      const replayKey = key ? `${method} ${url.pathname} ${key}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        response.setHeader("idempotent-replayed", "true");
        respond(response, replay.status, replay.body);
        return;
      }
      let status = 200;
      let body: unknown;
      try {
        body = structuredClone(route(method, url.pathname, params));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        status = error.status;
        body = { error: error.body };
      }
      if (replayKey) replays.set(replayKey, { status, body });
      respond(response, status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    requests,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The secret key the peer accepts. */
export const PEER_SECRET_KEY = "sk_test_peer";
