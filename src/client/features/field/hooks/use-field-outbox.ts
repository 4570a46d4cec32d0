import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { jobListKeys } from "../../../lib/query-keys";
import { type FieldEntry, onFieldChange, queuedEntries } from "../lib/outbox";

/**
 * The field actions kept on this phone, kept current as this page, another tab or the service worker
 * changes them; `urlOf` gives a queued photo's picture (revoked when the page leaves). When actions leave
 * the queue (sent, or refused), the job lists are read again: the server's state replaces the phone's.
 */
export function useFieldOutbox(): { entries: FieldEntry[]; urlOf: (blob: Blob) => string } {
  const [entries, setEntries] = useState<FieldEntry[]>([]);
  const urls = useRef(new Map<Blob, string>());
  const queryClient = useQueryClient();
  const waiting = entries.filter((entry) => entry.state === "queued").length;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) void queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper });
    before.current = waiting;
  }, [waiting, queryClient]);

  useEffect(() => {
    if (typeof indexedDB === "undefined") return;
    let live = true;
    const read = () =>
      queuedEntries().then(
        (next) => live && setEntries(next),
        () => live && setEntries([]),
      );
    void read();
    const stop = onFieldChange(read);
    // This page's own changes: BroadcastChannel does not deliver to its sender.
    window.addEventListener("greenscape-field-change", read);
    return () => {
      live = false;
      stop();
      window.removeEventListener("greenscape-field-change", read);
    };
  }, []);

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  const urlOf = useCallback((blob: Blob) => {
    let url = urls.current.get(blob);
    if (!url) {
      url = URL.createObjectURL(blob);
      urls.current.set(blob, url);
    }
    return url;
  }, []);

  return { entries, urlOf };
}
