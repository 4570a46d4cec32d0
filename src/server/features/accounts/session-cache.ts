import type { Database } from "../../db/client.js";
import type { Principal } from "./principal.js";

/** Where a change to a session or a user is announced (the triggers of migration 0017). */
export const SESSION_CHANGE_CHANNEL = "session_change";

interface Entry {
  principal: Principal;
  until: number;
}

/**
 * Who a session cookie belongs to, kept in this process for a few seconds so the hot routes (the bell, the
 * queue) skip Better Auth's session lookup. It is a copy, not state: a miss asks the database, and every change to
 * a session or a user (sign-out, revoke, ban, role) arrives through LISTEN/NOTIFY from whichever instance made
 * it and drops the copies, so a revoked session stops working everywhere within the notification's delivery.
 * If that delivery ever fails, `ttlMs` bounds how long a copy can outlive its session.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: { ttlMs: number; maxEntries?: number; now?: () => number }) {}

  get enabled() {
    return this.options.ttlMs > 0;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(token: string): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, sessionExpiresAt: Date) {
    if (!this.enabled) return;
    const until = Math.min(this.now() + this.options.ttlMs, sessionExpiresAt.getTime());
    this.entries.delete(token);
    this.entries.set(token, { principal, until });
    // Oldest first out: a Map iterates in insertion order.
    const max = this.options.maxEntries ?? 10_000;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops every copy of this session, or of every session of this user. */
  drop(change: { sessionId?: string; userId?: string }) {
    for (const [token, entry] of this.entries) {
      if (
        (change.sessionId && entry.principal.sessionId === change.sessionId) ||
        (change.userId && entry.principal.userId === change.userId)
      ) {
        this.entries.delete(token);
      }
    }
  }

  get size() {
    return this.entries.size;
  }

  async start(database: Database, onError: (error: unknown) => void) {
    if (!this.enabled) return;
    this.unlisten = await database.listen(SESSION_CHANGE_CHANNEL, (payload) => {
      try {
        this.drop(JSON.parse(payload) as { sessionId?: string; userId?: string });
      } catch (error) {
        // An unreadable announcement: forget everything rather than risk keeping a revoked session.
        this.entries.clear();
        onError(error);
      }
    });
  }

  async stop() {
    await this.unlisten?.().catch(() => {});
    this.entries.clear();
  }
}
