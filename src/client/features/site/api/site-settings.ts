import { queryOptions, useQuery } from "@tanstack/react-query";
import { defaultSiteSettings, type SiteSettings } from "../../../../shared/site-settings";
import { apiFetch } from "../../../lib/api-client";

export const siteSettingsQueryOptions = queryOptions({
  queryKey: ["site", "settings"],
  queryFn: () => apiFetch<SiteSettings>("/api/site"),
  // They change only when the server restarts with new settings.
  staleTime: 30 * 60_000,
});

/**
 * The settings of the running server the public pages show (social profiles, the cancellation fee, the
 * work-approval window). Until they arrive, and in the prerendered HTML, the defaults, with no social links.
 */
export function useSiteSettings(): SiteSettings {
  return useQuery(siteSettingsQueryOptions).data ?? defaultSiteSettings;
}
