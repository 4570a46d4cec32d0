import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { jobListKeys } from "../../../lib/query-keys";
import { requestFieldSync } from "../lib/sync";

/**
 * Sends what this phone kept as soon as it can: when the page opens and whenever the network comes back;
 * the job lists are read again after anything was sent or refused.
 */
export function useFieldSync(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const send = async () => {
      const report = await requestFieldSync().catch(() => null);
      if (report && report.sent + report.refused > 0)
        await queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper });
    };
    void send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [enabled, queryClient]);
}
