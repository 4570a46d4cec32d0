import { type QueueSort, queueMessages } from "../../../shared/job-queue.js";
import { badRequest } from "../../lib/errors.js";

/**
 * Where a page of the queue ends: the sort it belongs to, that sort's key of the last job, its number. Newest
 * first goes by the request's time (the "requested" date each card shows) and then its id, the order of
 * job_created_id_idx; the time travels as PostgreSQL's text, microseconds included, as the admin lists' do.
 */
type QueueCursor =
  | { sort: "newest"; createdAt: string; id: string }
  | { sort: "soonest"; past: 0 | 1; date: string; number: number }
  | { sort: "nearest"; miles: number; number: number };

const pgTimestampText = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jobs without a known distance sort after every measured one. */
export const UNKNOWN_MILES = 100_000;

export function encodeQueueCursor(cursor: QueueCursor): string {
  const [key, last] =
    cursor.sort === "newest"
      ? [cursor.createdAt, cursor.id]
      : [cursor.sort === "soonest" ? [cursor.past, cursor.date] : cursor.miles, cursor.number];
  return Buffer.from(JSON.stringify([cursor.sort, key, last]), "utf8").toString("base64url");
}

export function decodeQueueCursor(value: string, sort: QueueSort): QueueCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (
    sort === "newest" &&
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    parsed[0] === sort &&
    typeof parsed[1] === "string" &&
    pgTimestampText.test(parsed[1]) &&
    typeof parsed[2] === "string" &&
    uuidText.test(parsed[2])
  )
    return { sort, createdAt: parsed[1], id: parsed[2] };
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort && Number.isInteger(parsed[2])) {
    const [, key, number] = parsed as [QueueSort, unknown, number];
    if (
      sort === "soonest" &&
      Array.isArray(key) &&
      (key[0] === 0 || key[0] === 1) &&
      typeof key[1] === "string" &&
      /^\d{4}-\d{2}-\d{2}$/.test(key[1])
    )
      return { sort, past: key[0], date: key[1], number };
    if (sort === "nearest" && typeof key === "number" && Number.isFinite(key))
      return { sort, miles: key, number };
  }
  throw badRequest(queueMessages.staleCursor);
}
