import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MoveDayAnswer, MoveDayInput, RainDaysAnswer } from "../../../../shared/weather";
import { apiFetch } from "../../../lib/api-client";
import { jobListKeys } from "../../../lib/query-keys";

/** Under the landscaper's job lists: a job action or a move refreshes the rain days with the schedule. */
export const weatherKeys = { days: [...jobListKeys.landscaper, "weather"] as const };

/** The landscaper's flagged days from today on (one answer shared by every day of the Schedule). */
export function useRainDays() {
  return useQuery({
    queryKey: weatherKeys.days,
    queryFn: () => apiFetch<RainDaysAnswer>("/api/landscaper/weather"),
    // The pass reads forecasts every half hour or so; a minute is plenty.
    refetchInterval: 60_000,
  });
}

/** "Move my day": the day and the day the confirmation named (the server checks it is still the answer). */
export function useMoveDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveDayInput) =>
      apiFetch<MoveDayAnswer>("/api/landscaper/weather/move-day", { method: "POST", json: input }),
    // A refusal ("the next dry day is now…") changes what the day shows as much as a move does.
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobListKeys.landscaper }),
  });
}
