import { FIELD_KEY_HEADER, fieldTexts } from "../../../../shared/field-texts";
import { ApiError } from "../../../lib/api-client";
import { enqueueFieldAction, type FieldAction, type QueuedPhotos, queuedEntries } from "../lib/outbox";
import { requestFieldSync } from "../lib/sync";

/** What a field action answers when it was kept on the phone instead of sent. */
export interface KeptAnswer {
  kept: true;
  message: string;
}

export function wasKept(answer: unknown): answer is KeptAnswer {
  return typeof answer === "object" && answer !== null && (answer as Partial<KeptAnswer>).kept === true;
}

const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

/**
 * A landscaper's field action (issue 37): sent now with its own time and an idempotency key, or kept on the
 * phone when there is no network, or when earlier actions are still waiting (it must not overtake them).
 * A request that never got an answer is kept under the same key: if it did arrive, sending it again
 * answers what it answered the first time.
 */
export async function sendOrKeep<T>(
  input: {
    jobId: string;
    jobTitle?: string | undefined;
    action: FieldAction;
    body?: Record<string, unknown>;
    photos?: QueuedPhotos;
  },
  sendNow: (request: { headers: Record<string, string>; body: Record<string, unknown> }) => Promise<T>,
): Promise<T | KeptAnswer> {
  const key = crypto.randomUUID();
  const occurredAt = new Date().toISOString();
  const body = input.photos ? {} : { ...input.body, occurredAt };
  const keep = async (): Promise<KeptAnswer> => {
    await enqueueFieldAction({
      key,
      jobId: input.jobId,
      jobTitle: input.jobTitle,
      action: input.action,
      body,
      occurredAt,
      ...pick(input),
    });
    void requestFieldSync();
    return { kept: true, message: fieldTexts.queued };
  };
  const waiting = await queuedEntries().then(
    (entries) => entries.some((entry) => entry.state === "queued"),
    () => false,
  );
  if (!online() || waiting) return keep();
  try {
    return await sendNow({ headers: { [FIELD_KEY_HEADER]: key }, body });
  } catch (error) {
    if (unanswered(error)) return keep();
    throw error;
  }
}

/** No answer from our server: the network failed, or a proxy in front of it could not reach it. */
function unanswered(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof ApiError)) return false;
  return error.code === "network_error" || (error.status >= 502 && error.status <= 504);
}

function pick(input: { photos?: QueuedPhotos }) {
  return input.photos ? { photos: input.photos } : {};
}
