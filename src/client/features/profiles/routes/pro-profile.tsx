import { useEffect, useState } from "react";
import { pageDataKey } from "../../../../shared/page-data";
import { profileDescription, profileTitle } from "../../../../shared/profile-texts";
import type { ProProfile, PublicReview } from "../../../../shared/profiles";
import { Skeleton } from "../../../components/skeleton";
import { ApiError } from "../../../lib/api-client";
import { container } from "../../../lib/styles";
import { useHydrated } from "../../../lib/use-hydrated";
import { pageData } from "../api/page-data";
import { getReviewsPage, reportReview, useProfile } from "../api/pros";
import { ProfileView } from "../views/profile-view";
import type { Route } from "./+types/pro-profile";

/** The island the server writes the profile's HTML into (src/server/features/profiles/pages.ts). */
export const PROFILE_ISLAND_ID = "pro-page";

/**
 * On the first load the title and description are the server's (read from the page's data, so React keeps the
 * server's tags); the prerendered shell has the generic title, which an in-app visit replaces once loaded.
 */
export function meta({ params }: Route.MetaArgs) {
  const profile = pageData<{ profile: ProProfile }>(pageDataKey("profile", params.slug))?.profile;
  // The prerendered shell's words; the server puts the profile's own in their place (same as below).
  if (!profile) return [{ title: "Landscaper profile | GreenScape Charlotte" }];
  return [{ title: profileTitle(profile) }, { name: "description", content: profileDescription(profile) }];
}

export default function ProProfilePage({ params }: Route.ComponentProps) {
  const profile = useProfile(params.slug);
  const hydrated = useHydrated();
  const [more, setMore] = useState<{ reviews: PublicReview[]; next: number | null; loading: boolean }>({
    reviews: [],
    next: null,
    loading: false,
  });

  const title = profile.data ? profileTitle(profile.data) : null;
  useEffect(() => {
    if (title && document.title !== title) document.title = title;
  }, [title]);

  if (profile.isError) {
    const gone = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <div className={`${container} grid gap-3 py-16`}>
        <h1 className="text-2xl font-bold text-slate-900">
          {gone ? "Profile not available" : "The profile could not be loaded"}
        </h1>
        <p className="text-slate-700">
          {gone
            ? "This pro's profile is not public. Find another pro near you on our list."
            : "Please reload the page."}
        </p>
        <a href="/professionals" className="font-semibold text-brand-800 underline underline-offset-2">
          Find Professionals
        </a>
      </div>
    );
  }
  const data = profile.data;
  const next = more.reviews.length ? more.next : (data?.reviews.nextPage ?? null);
  return (
    <>
      {!data && hydrated ? (
        <div className={`${container} py-10`}>
          <Skeleton label="Loading the profile" className="h-64" />
        </div>
      ) : null}
      <div id={PROFILE_ISLAND_ID} data-island="profile">
        {data ? (
          <ProfileView
            profile={data}
            moreReviews={more.reviews}
            hasMoreReviews={next !== null}
            loadingMore={more.loading}
            onMoreReviews={async () => {
              if (next === null) return;
              setMore((m) => ({ ...m, loading: true }));
              try {
                const page = await getReviewsPage(data.slug, next);
                setMore((m) => ({
                  reviews: [...m.reviews, ...page.reviews],
                  next: page.nextPage,
                  loading: false,
                }));
              } catch {
                setMore((m) => ({ ...m, loading: false }));
              }
            }}
            onReport={reportReview}
          />
        ) : null}
      </div>
    </>
  );
}
