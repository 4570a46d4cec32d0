import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { pageDataKey } from "../../../../shared/page-data";
import type { ProProfile, ProSearch, ProsAnswer, ReviewsPage } from "../../../../shared/profiles";
import { apiFetch } from "../../../lib/api-client";
import { pageData } from "./page-data";

/** The search as the page's address and the API's query write it (empty parts left out, in one order). */
export function searchQuery(search: ProSearch): string {
  const params = new URLSearchParams();
  if (search.neighbourhood) params.set("neighbourhood", search.neighbourhood);
  if (search.service) params.set("service", search.service);
  return params.toString();
}

export const prosQueryOptions = (search: ProSearch) => {
  const query = searchQuery(search);
  return queryOptions({
    queryKey: ["pros", "list", query],
    queryFn: () => apiFetch<ProsAnswer>(`/api/pros${query ? `?${query}` : ""}`),
    initialData: () => pageData<ProsAnswer>(pageDataKey("list", query)),
    staleTime: 60_000,
  });
};

export function usePros(search: ProSearch) {
  return useQuery({ ...prosQueryOptions(search), placeholderData: keepPreviousData });
}

export const profileQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["pros", "profile", slug],
    queryFn: () =>
      apiFetch<{ profile: ProProfile }>(`/api/pros/${encodeURIComponent(slug)}`).then((a) => a.profile),
    initialData: () => pageData<{ profile: ProProfile }>(pageDataKey("profile", slug))?.profile,
    staleTime: 60_000,
    retry: false,
  });

export function useProfile(slug: string, enabled = true) {
  return useQuery({ ...profileQueryOptions(slug), enabled });
}

export function getReviewsPage(slug: string, page: number): Promise<ReviewsPage> {
  return apiFetch<ReviewsPage>(`/api/pros/${encodeURIComponent(slug)}/reviews?page=${page}`);
}

/** POST /api/reviews/:id/report (the reviews feature's route): anyone may report a review to our team. */
export async function reportReview(reviewId: string, reason: string): Promise<string> {
  const answer = await apiFetch<{ message?: string }>(`/api/reviews/${encodeURIComponent(reviewId)}/report`, {
    method: "POST",
    json: { reason },
  });
  return answer.message ?? "Thank you. Our team will look at this review.";
}
