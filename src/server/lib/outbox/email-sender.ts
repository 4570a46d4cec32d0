import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { EmailAttachmentRef } from "./enqueue.js";
import type { OutboxRow } from "./worker.js";

export interface EmailSenderOptions {
  log: FastifyBaseLogger;
  from: string;
  smtpUrl?: string | undefined;
  /** Where development writes .eml files when no SMTP server is set. */
  mailDir: string;
  /** Connecting, the greeting and every socket read give up after this long. */
  timeoutMs: number;
  /** Renders the files a message names (outbox payload.attachments). */
  renderAttachment?: (
    ref: Extract<EmailAttachmentRef, { kind: "receipt" }>,
  ) => Promise<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends an outbox email over SMTP, or writes it as an .eml file in development (no SMTP_URL). */
export class EmailSender {
  private readonly transport: Transporter;
  readonly toFiles: boolean;

  constructor(private readonly options: EmailSenderOptions) {
    this.toFiles = !options.smtpUrl;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, {
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }

  async send(message: OutboxRow): Promise<void> {
    const refs = (message.payload as { attachments?: EmailAttachmentRef[] } | null)?.attachments ?? [];
    const render = this.options.renderAttachment;
    const attachments = await Promise.all(
      refs.flatMap((ref) => {
        if (ref.kind === "inline")
          return [
            Promise.resolve({
              filename: ref.filename,
              content: Buffer.from(ref.content),
              contentType: ref.contentType,
            }),
          ];
        return render ? [render(ref)] : [];
      }),
    );
    const info = await this.transport.sendMail({
      attachments,
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: `<${message.id}@greenscape.local>`,
    });
    if (this.toFiles) await this.writeEml(message, info.message as Buffer);
  }

  close() {
    this.transport.close();
  }

  private async writeEml(message: OutboxRow, raw: Buffer) {
    await mkdir(this.options.mailDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(this.options.mailDir, `${stamp}-${message.id}.eml`);
    await writeFile(file, raw);
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    this.options.log.info(
      { to: message.to, subject: message.subject, links, file },
      "email written (no SMTP_URL set)",
    );
  }
}
