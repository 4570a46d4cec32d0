import { FIELD_KEY_HEADER } from "../../../../shared/field-texts";
import { inStore, OUTBOX } from "./field-store";

// Field actions done without a network, kept on the phone in order and sent when it is back (issue 37,
// docs/decisions/027-offline-field-day.md). The page and the service worker (Background Sync) both send;
// a Web Lock keeps them from sending at once, and each action's idempotency key makes a repeat harmless.

export const fieldActions = ["on-my-way", "arrived", "start-work", "photos", "complete"] as const;
export type FieldAction = (typeof fieldActions)[number];

export interface QueuedPhotos {
  kind: string;
  files: Blob[];
  names: string[];
}

export interface FieldEntry {
  /** The idempotency key the server claims with the action. */
  key: string;
  /** Sending order: the order the actions were done in. */
  seq: number;
  jobId: string;
  /** Names the job in a refusal shown after the job has left the list (a cancelled visit). */
  jobTitle?: string | undefined;
  action: FieldAction;
  /** The JSON body (with `occurredAt`), or the photos' form fields. */
  body: Record<string, unknown>;
  photos?: QueuedPhotos;
  /** When it was done on the phone (ISO). */
  occurredAt: string;
  /** Refused: the server's sentence, kept with the action until the landscaper dismisses it. */
  state: "queued" | "refused";
  message?: string;
}

const CHANNEL = "greenscape-field";
/** The Background Sync tag the service worker sends the queue under. */
export const FIELD_SYNC_TAG = "greenscape-field";

/** Tells every open page (and the service worker) that the queue changed. */
export function announceFieldChange() {
  // This page's own listeners (a BroadcastChannel does not deliver to its sender's context).
  globalThis.dispatchEvent?.(new Event("greenscape-field-change"));
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/** Calls `listener` whenever another page or the service worker changes the queue; returns the unsubscribe. */
export function onFieldChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}

export async function queuedEntries(): Promise<FieldEntry[]> {
  const all = await inStore<FieldEntry[]>(OUTBOX, "readonly", (store) => store.getAll());
  return all.sort((a, b) => a.seq - b.seq);
}

/** Keeps an action to send later, after every action already kept. */
export async function enqueueFieldAction(entry: Omit<FieldEntry, "seq" | "state">): Promise<FieldEntry> {
  const last = (await queuedEntries()).at(-1)?.seq ?? 0;
  const kept: FieldEntry = { ...entry, seq: Math.max(Date.now(), last + 1), state: "queued" };
  await inStore(OUTBOX, "readwrite", (store) => store.put(kept));
  announceFieldChange();
  return kept;
}

/** Forgets a refused action once the landscaper has read why (its photos go with it). */
export async function dismissFieldEntry(key: string) {
  await inStore(OUTBOX, "readwrite", (store) => store.delete(key));
  announceFieldChange();
}

type Outcome = { kind: "sent" } | { kind: "refused"; message: string } | { kind: "later" };

/** An answer that will not change by sending again: the job moved on, or the action is not allowed. */
const final = new Set([400, 403, 404, 409, 413, 422]);

function requestOf(entry: FieldEntry): RequestInit {
  const headers: Record<string, string> = { accept: "application/json", [FIELD_KEY_HEADER]: entry.key };
  if (entry.photos) {
    const form = new FormData();
    form.append("kind", entry.photos.kind);
    entry.photos.files.forEach((file, i) => {
      form.append(`photo${i + 1}`, file, entry.photos?.names[i] ?? `photo-${i + 1}.jpg`);
    });
    return { method: "POST", credentials: "same-origin", headers, body: form };
  }
  headers["content-type"] = "application/json";
  return { method: "POST", credentials: "same-origin", headers, body: JSON.stringify(entry.body) };
}

async function sendOne(entry: FieldEntry, fetchImpl: typeof fetch): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetchImpl(
      `/api/jobs/${encodeURIComponent(entry.jobId)}/${entry.action}`,
      requestOf(entry),
    );
  } catch {
    return { kind: "later" };
  }
  if (response.ok) return { kind: "sent" };
  if (!final.has(response.status)) return { kind: "later" };
  let message = `The server refused this (${response.status}).`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    message = body.error?.message ?? message;
  } catch {
    // Not our JSON: the status says enough.
  }
  return { kind: "refused", message };
}

export interface SendReport {
  sent: number;
  refused: number;
  /** Actions still waiting (no network, or the server could not take them yet). */
  waiting: number;
}

async function sendInOrder(fetchImpl: typeof fetch): Promise<SendReport> {
  const report: SendReport = { sent: 0, refused: 0, waiting: 0 };
  const entries = (await queuedEntries()).filter((entry) => entry.state === "queued");
  for (const [index, entry] of entries.entries()) {
    const outcome = await sendOne(entry, fetchImpl);
    if (outcome.kind === "later") {
      // In order or not at all: Arrived must not overtake On my way.
      report.waiting = entries.length - index;
      break;
    }
    if (outcome.kind === "sent") {
      await inStore(OUTBOX, "readwrite", (store) => store.delete(entry.key));
      report.sent++;
    } else {
      await inStore(OUTBOX, "readwrite", (store) =>
        store.put({ ...entry, state: "refused", message: outcome.message }),
      );
      report.refused++;
    }
    announceFieldChange();
  }
  return report;
}

/** Sends the queued actions in order, one sender at a time across the pages and the service worker. */
export async function sendQueuedFieldActions(fetchImpl: typeof fetch = fetch): Promise<SendReport> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return sendInOrder(fetchImpl);
  return locks.request("greenscape-field-send", () => sendInOrder(fetchImpl));
}
