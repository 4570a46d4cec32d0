import { BadgeCheck, Clock, MessageCircle, Repeat, ShieldCheck } from "lucide-react";
import type * as React from "react";
import { formatLongDate } from "../../../../shared/dates";
import { proDisplayName, replyTimeText, THIN_RECORD } from "../../../../shared/profile-texts";
import type { ProProfile, PublicReview } from "../../../../shared/profiles";
import { buttonVariants } from "../../../components/ui/button";
import { container } from "../../../lib/styles";
import { cn } from "../../../lib/utils";
import { cardClass, monthYearOf, ProAvatar, RatingLine } from "./parts";
import { type ReportReview, ReviewList } from "./review-list";

/** The address that starts a booking with this pro (the quote's pro choice puts them first). */
export const bookPath = (slug: string) => `/instant-quote?pro=${encodeURIComponent(slug)}`;

function Badge({ icon: Icon, children }: { icon: typeof BadgeCheck; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-800">
      <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** The badges, each computed from our records; one that the records do not support is left out. */
function Badges({ profile }: { profile: ProProfile }) {
  const { badges } = profile;
  const items: React.ReactNode[] = [];
  if (badges.idChecked)
    items.push(
      <Badge key="id" icon={BadgeCheck}>
        ID checked by our team
      </Badge>,
    );
  if (badges.insuredUntil)
    items.push(
      <Badge key="insured" icon={ShieldCheck}>
        {`Insured: certificate valid until ${formatLongDate(badges.insuredUntil)}`}
      </Badge>,
    );
  if (profile.onTimeRate !== null && badges.visitsDue >= THIN_RECORD)
    items.push(
      <Badge key="on-time" icon={Clock}>
        {`On time for ${profile.onTimeRate}% of ${badges.visitsDue} visits`}
      </Badge>,
    );
  if (badges.repeatCustomers > 0)
    items.push(
      <Badge key="repeat" icon={Repeat}>
        {`${badges.repeatCustomers} repeat ${badges.repeatCustomers === 1 ? "customer" : "customers"}`}
      </Badge>,
    );
  if (badges.medianReplyMinutes !== null)
    items.push(
      <Badge key="reply" icon={MessageCircle}>
        {`Replies to messages in ${replyTimeText(badges.medianReplyMinutes)} (median of ${badges.replies} ${badges.replies === 1 ? "reply" : "replies"})`}
      </Badge>,
    );
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="badges-heading" className="grid gap-3">
      <h2 id="badges-heading" className="text-xl font-bold text-slate-900">
        Checked by GreenScape
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">{items}</ul>
    </section>
  );
}

export interface ProfileViewProps {
  profile: ProProfile;
  /** Reviews of the pages after the first, as the visitor asked for them. */
  moreReviews?: readonly PublicReview[];
  hasMoreReviews?: boolean;
  loadingMore?: boolean;
  onMoreReviews?: () => void;
  onReport?: ReportReview;
}

/** A pro's public profile: who they are, what our records say of them, their after-photos and reviews. */
export function ProfileView({
  profile,
  moreReviews = [],
  hasMoreReviews,
  loadingMore,
  onMoreReviews,
  onReport,
}: ProfileViewProps) {
  const name = proDisplayName(profile);
  const reviews = [...profile.reviews.reviews, ...moreReviews];
  return (
    <div className={cn(container, "grid gap-10 py-10 sm:py-14")}>
      <section className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
        <ProAvatar pro={profile} size="lg" />
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {name}
          </h1>
          {profile.businessName ? <p className="text-lg text-slate-700">{profile.personName}</p> : null}
          <RatingLine rating={profile.rating} />
          <p className="text-sm text-slate-700">
            {`Member since ${monthYearOf(profile.memberSince)}`}
            {profile.yearsInBusiness !== null
              ? ` · ${profile.yearsInBusiness} ${profile.yearsInBusiness === 1 ? "year" : "years"} in business`
              : ""}
            {profile.completedJobs > 0
              ? ` · ${profile.completedJobs} ${profile.completedJobs === 1 ? "job" : "jobs"} completed here`
              : ""}
          </p>
          <div className="mt-2">
            {profile.takingNewJobs ? (
              <a href={bookPath(profile.slug)} className={buttonVariants({ size: "lg" })}>
                {`Book ${name}`}
              </a>
            ) : (
              <p className="text-slate-700">{`${name} is not taking new bookings right now.`}</p>
            )}
          </div>
        </div>
      </section>

      <Badges profile={profile} />

      <div className="grid gap-6 lg:grid-cols-3">
        {profile.description ? (
          <section aria-labelledby="about-heading" className={cn(cardClass, "grid content-start gap-2")}>
            <h2 id="about-heading" className="text-lg font-bold text-slate-900">
              About
            </h2>
            <p className="text-pretty whitespace-pre-line text-slate-700">{profile.description}</p>
          </section>
        ) : null}
        <section aria-labelledby="services-heading" className={cn(cardClass, "grid content-start gap-2")}>
          <h2 id="services-heading" className="text-lg font-bold text-slate-900">
            Services
          </h2>
          {profile.services.length ? (
            <ul className="flex flex-wrap gap-2">
              {profile.services.map((s) => (
                <li key={s.id} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {s.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">Any service from our list, on request.</p>
          )}
        </section>
        <section aria-labelledby="area-heading" className={cn(cardClass, "grid content-start gap-2")}>
          <h2 id="area-heading" className="text-lg font-bold text-slate-900">
            Area served
          </h2>
          <p className="text-slate-700">{profile.neighbourhoods.join(", ") || "Charlotte, NC"}</p>
        </section>
      </div>

      {profile.gallery.length ? (
        <section aria-labelledby="gallery-heading" className="grid gap-3">
          <h2 id="gallery-heading" className="text-xl font-bold text-slate-900">
            Past work
          </h2>
          <p className="text-sm text-slate-700">
            After-photos from jobs done through GreenScape, shown with each customer's permission.
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {profile.gallery.map((photo) => (
              <li key={photo.id}>
                <figure className="grid gap-1">
                  <a href={photo.fullUrl} className="block overflow-hidden rounded-lg">
                    <img
                      src={photo.thumbUrl}
                      alt={`After the work: ${photo.caption}`}
                      width={400}
                      height={Math.round((400 * photo.height) / Math.max(1, photo.width))}
                      loading="lazy"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  </a>
                  <figcaption className="text-xs text-slate-600">{photo.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="reviews-heading" className="grid gap-3" id="reviews">
        <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
          Verified reviews
        </h2>
        <p className="text-sm text-slate-700">
          Every review comes from a customer of a completed, paid visit. We never remove a review for being
          low; one that breaks our rules is replaced by our reason.
        </p>
        <ReviewList
          reviews={reviews}
          proName={name}
          hasMore={hasMoreReviews ?? profile.reviews.nextPage !== null}
          loadingMore={loadingMore}
          onMore={onMoreReviews}
          onReport={onReport}
        />
      </section>
    </div>
  );
}
