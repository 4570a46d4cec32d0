import { and, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { NotificationItem } from "../../../shared/notifications.js";
import type { Database } from "../../db/client.js";
import { notification } from "../../db/schema.js";
import { alertRecipientsAmong } from "./job-alerts.js";
import { notificationItem } from "./notification-item.js";
import { NOTIFICATION_CHANNEL, type NotificationSignal } from "./service.js";

export type Send = (item: NotificationItem) => void;

/**
 * Fans notifications out to the live streams of this instance. Every instance LISTENs on one channel; a
 * signal names the writing transaction's timestamp and, when few, the recipients, so an instance reads rows
 * only for its own open streams and not at all when none of them is concerned.
 * The map of open streams is per process by nature (they are this process's sockets); no data lives here.
 */
export class NotificationHub {
  private readonly streams = new Map<string, Set<Send>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    this.unlisten = await this.database.listen(NOTIFICATION_CHANNEL, (payload) => {
      void this.deliver(payload).catch((error) =>
        this.log.warn({ err: error }, "notification fan-out failed"),
      );
    });
  }

  async stop() {
    // The database may already be gone (a failed start, a test that closed it): nothing left to unhook.
    await this.unlisten?.().catch(() => {});
    this.streams.clear();
  }

  subscribe(userId: string, send: Send): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(send);
    return () => {
      set.delete(send);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  private async deliver(payload: string) {
    const signal = JSON.parse(payload) as NotificationSignal;
    if (signal.zip) return this.deliverAlert(signal.zip, signal.at);
    const users = (signal.users ?? [...this.streams.keys()]).filter((id) => this.streams.has(id));
    if (users.length === 0) return;
    // Every row of the signalling transaction has created_at = its now(), which the signal carries to the
    // microsecond; (user_id, created_at) is indexed.
    const rows = await this.database.db
      .select()
      .from(notification)
      .where(
        and(inArray(notification.userId, users), sql`${notification.createdAt} = ${signal.at}::timestamptz`),
      );
    for (const row of rows) {
      const item = notificationItem(row, row.createdAt);
      for (const send of this.streams.get(row.userId) ?? []) send(item);
    }
  }

  /** A new-job alert: to this instance's open streams of the landscapers it reaches. */
  private async deliverAlert(zip: string, at: string) {
    if (this.streams.size === 0) return;
    const reached = await alertRecipientsAmong(this.database.db, {
      zip,
      at,
      userIds: [...this.streams.keys()],
    });
    for (const { userId, item } of reached) {
      for (const send of this.streams.get(userId) ?? []) send(item);
    }
  }
}
