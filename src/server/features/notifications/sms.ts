import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { smsMessage } from "../../db/schema.js";

export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<{ id: string | null }>;
}

/** Development: the message goes to the log (and the sms_message table, written by the caller). */
export class LogSmsProvider implements SmsProvider {
  readonly name = "log";
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(to: string, body: string) {
    this.log.info({ to, body }, "SMS (development provider: not sent)");
    return { id: null };
  }
}

/** Twilio's Messages API over plain fetch; used when its credentials are set. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = "twilio";
  constructor(
    private readonly env: Required<Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM">> &
      Pick<Env, "TWILIO_API_URL" | "OUTBOUND_TIMEOUT_MS">,
  ) {}
  async send(to: string, body: string) {
    const url = `${this.env.TWILIO_API_URL.replace(/\/$/, "")}/2010-04-01/Accounts/${this.env.TWILIO_ACCOUNT_SID}/Messages.json`;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${this.env.TWILIO_ACCOUNT_SID}:${this.env.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ To: to, From: this.env.TWILIO_FROM, Body: body }),
      signal: AbortSignal.timeout(this.env.OUTBOUND_TIMEOUT_MS),
    });
    if (!response.ok)
      throw new Error(`Twilio answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    const json = (await response.json()) as { sid?: string };
    return { id: json.sid ?? null };
  }
}

export function smsProviderFor(env: Env, log: FastifyBaseLogger): SmsProvider {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return new TwilioSmsProvider({
      TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
      TWILIO_FROM: env.TWILIO_FROM,
      TWILIO_API_URL: env.TWILIO_API_URL,
      OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
    });
  }
  return new LogSmsProvider(log);
}

export async function sendSms(options: {
  db: Db;
  provider: SmsProvider;
  userId: string | null;
  to: string;
  body: string;
}) {
  const result = await options.provider.send(options.to, options.body);
  await options.db.insert(smsMessage).values({
    userId: options.userId,
    to: options.to,
    body: options.body,
    provider: options.provider.name,
    providerMessageId: result.id,
  });
}
