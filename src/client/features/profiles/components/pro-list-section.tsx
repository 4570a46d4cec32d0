import type * as React from "react";
import { useNavigate, useSearchParams } from "react-router";
import { neighbourhoodNames } from "../../../../shared/profile-texts";
import type { ProSearch } from "../../../../shared/profiles";
import { serviceIds } from "../../../../shared/services";
import { useHydrated } from "../../../lib/use-hydrated";
import { searchQuery, usePros } from "../api/pros";
import { ProListView } from "../views/pro-list-view";

/** The island the server writes the list's HTML into (src/server/features/profiles/pages.ts). */
export const LIST_ISLAND_ID = "pro-list";

/**
 * The search in the page's address; anything not on the lists counts as no filter, as the server reads it
 * (checked by hand: the page's script carries no schema library).
 */
export function searchOf(params: URLSearchParams): ProSearch {
  const neighbourhood = params.get("neighbourhood") ?? "";
  const service = params.get("service") ?? "";
  if (neighbourhood && !neighbourhoodNames.includes(neighbourhood)) return {};
  if (service && !(serviceIds as readonly string[]).includes(service)) return {};
  return {
    ...(neighbourhood ? { neighbourhood } : {}),
    ...(service ? { service: service as ProSearch["service"] } : {}),
  };
}

/** /professionals' list of approved pros and its search by neighbourhood and service. */
export function ProListSection() {
  const [params] = useSearchParams();
  const search = searchOf(params);
  const pros = usePros(search);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const onSearch = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = searchQuery({
      neighbourhood: String(form.get("neighbourhood") ?? ""),
      service: String(form.get("service") ?? "") as ProSearch["service"],
    });
    void navigate(`/professionals${query ? `?${query}` : ""}#find-a-pro`, { preventScrollReset: true });
  };
  return (
    <div id={LIST_ISLAND_ID} data-island="list">
      {pros.data || hydrated ? (
        <ProListView
          key={searchQuery(search)}
          pros={pros.isPlaceholderData ? null : (pros.data?.pros ?? null)}
          total={pros.data?.total ?? 0}
          search={search}
          onSearch={onSearch}
          loading={pros.isPending || pros.isFetching}
        />
      ) : null}
    </div>
  );
}
