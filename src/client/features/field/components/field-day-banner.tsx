import { CloudOff } from "lucide-react";
import { useEffect, useState } from "react";
import { fieldTexts } from "../../../../shared/field-texts";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import type { FieldEntry } from "../lib/outbox";
import { FieldRefusal } from "./field-job-note";

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Above the landscaper's job list: how many actions the phone still holds (they go when the network is back),
 * or, with nothing held, that the phone is offline and works from the day it kept. The browser's own
 * online flag can be wrong (a signal with no data), so the count never claims to be sending.
 */
export function FieldDayBanner({
  entries,
  shownJobIds,
}: {
  entries: readonly FieldEntry[];
  /** The jobs whose cards are on screen: their refusals show there; the others' here. */
  shownJobIds: ReadonlySet<string>;
}) {
  const online = useOnline();
  const waiting = entries.filter((entry) => entry.state === "queued").length;
  const elsewhere = entries.filter((entry) => entry.state === "refused" && !shownJobIds.has(entry.jobId));
  const refusals = elsewhere.map((entry) => <FieldRefusal key={entry.key} entry={entry} named />);
  if (online && waiting === 0)
    return refusals.length > 0 ? <div className="grid gap-2">{refusals}</div> : null;
  const count = `${waiting} ${waiting === 1 ? "action" : "actions"}`;
  // Offline, the list holds only what the phone kept: today's and tomorrow's visits.
  const saved = waiting > 0 ? `${count} saved on this phone — will send when you're back online.` : "";
  return (
    <div className="grid gap-2">
      {refusals}
      <Alert variant="info" icon={CloudOff} role="status">
        <div className="grid gap-1">
          <AlertTitle>{online ? fieldTexts.savedTitle : "No network"}</AlertTitle>
          <AlertDescription>
            {online ? saved : [fieldTexts.offlineDay, saved].filter(Boolean).join(" ")}
          </AlertDescription>
        </div>
      </Alert>
    </div>
  );
}
