import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { NotificationItem } from "../../../shared/notifications.js";
import type { Database } from "../../db/client.js";
import { notification } from "../../db/schema.js";
import { NOTIFICATION_CHANNEL } from "./service.js";

export type Send = (item: NotificationItem) => void;

export function toItem(row: typeof notification.$inferSelect): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Fans notifications out to the live streams of this instance. Every instance LISTENs on one channel;
 * the payload names the user, so an instance reads the row only when one of its streams wants it.
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
    const { id, userId } = JSON.parse(payload) as { id: string; userId: string };
    const targets = this.streams.get(userId);
    if (!targets?.size) return;
    const [row] = await this.database.db.select().from(notification).where(eq(notification.id, id));
    if (!row) return;
    const item = toItem(row);
    for (const send of targets) send(item);
  }
}
