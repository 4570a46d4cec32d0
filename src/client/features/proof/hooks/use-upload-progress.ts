import { useCallback, useState } from "react";

/** The percentage of an upload for a pending button's label ("Uploading photos... 40%"). */
export function useUploadProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const track = useCallback((sent: number, total: number) => {
    // 100% only once the server has answered: the last bytes sent is not the photos processed.
    setPercent(Math.min(99, Math.floor((sent / Math.max(1, total)) * 100)));
  }, []);
  const reset = useCallback(() => setPercent(null), []);
  const label = percent === null ? "Uploading photos..." : `Uploading photos... ${percent}%`;
  return { percent, track, reset, label };
}
