import { CloudOff } from "lucide-react";
import { fieldTexts } from "../../../../shared/field-texts";
import { Button } from "../../../components/ui/button";
import { dismissFieldEntry, type FieldEntry } from "../lib/outbox";

const actionName: Record<FieldEntry["action"], string> = {
  "on-my-way": "On my way",
  arrived: "Arrived",
  "start-work": "Start work",
  photos: "Photos",
  complete: "Mark complete",
};

/**
 * On a job's card: the actions this phone still holds for it ("Saved on this phone — will send when you're
 * back online"), and any the server refused when they were sent, with its reason, until dismissed.
 */
export function FieldJobNote({ jobId, entries }: { jobId: string; entries: readonly FieldEntry[] }) {
  const mine = entries.filter((entry) => entry.jobId === jobId);
  if (mine.length === 0) return null;
  const waiting = mine.filter((entry) => entry.state === "queued");
  const refused = mine.filter((entry) => entry.state === "refused");
  return (
    <div className="grid gap-2">
      {waiting.length > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {fieldTexts.queued}: {waiting.map((entry) => actionName[entry.action]).join(", ")}.{" "}
            {fieldTexts.notToldYet}
          </span>
        </p>
      ) : null}
      {refused.map((entry) => (
        <FieldRefusal key={entry.key} entry={entry} />
      ))}
    </div>
  );
}

/** An action the server refused when the phone sent it: what and why, until the landscaper dismisses it. */
export function FieldRefusal({ entry, named = false }: { entry: FieldEntry; named?: boolean }) {
  const which = named && entry.jobTitle ? ` for ${entry.jobTitle}` : "";
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 sm:flex sm:items-center sm:justify-between"
    >
      <p>
        <span className="font-medium">
          “{actionName[entry.action]}”{which} was refused.
        </span>{" "}
        {entry.message}
      </p>
      <Button type="button" size="sm" variant="outline" onClick={() => void dismissFieldEntry(entry.key)}>
        Dismiss
      </Button>
    </div>
  );
}
