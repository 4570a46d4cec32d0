import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE, formatterOnce, todayInCharlotte } from "../../../shared/dates.js";
import { neighbourhoodByZip } from "../../../shared/neighbourhoods.js";
import {
  GALLERY_PHOTOS,
  type GalleryPhoto,
  listScore,
  PROS_LISTED,
  type ProProfile,
  type ProSearch,
  type ProSummary,
  proDisplayName,
  type RatingSummary,
  REVIEWS_PER_PAGE,
  type ReviewsPage,
  THIN_RECORD,
} from "../../../shared/profiles.js";
import type { Reliability } from "../../../shared/recurring.js";
import { serviceIds, serviceName } from "../../../shared/services.js";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { job, jobPhoto, review } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import type { Storage } from "../../lib/storage.js";
import { reliabilityOf } from "../landscapers/index.js";
import { ratingSummaries, repeatCustomers, replyTimes, servicesDone } from "./figures.js";
import { type VisibleLandscaper, visibleBySlug, visibleLandscapers } from "./visible.js";

export const profileNotFound = "This profile is not available.";

/** The neighbourhood names of the ZIPs a pro covers, each once, in alphabetical order: never the ZIPs. */
export function neighbourhoodsOf(zips: readonly string[]): string[] {
  const names = new Set<string>();
  for (const zip of zips) {
    const name = neighbourhoodByZip[zip];
    if (name) names.add(name);
  }
  return [...names].sort();
}

/** A version for the photo's address, so a new photo is not hidden behind the old one's cache. */
const photoVersion = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 10);

/** The services a pro offers for instant booking or has completed here, in the catalogue's order. */
function servicesOf(pro: VisibleLandscaper, done: readonly string[]) {
  const offered = new Set([...pro.instantServices, ...done]);
  return serviceIds.filter((id) => offered.has(id)).map((id) => ({ id, name: serviceName(id) }));
}

function summaryOf(
  pro: VisibleLandscaper,
  rating: RatingSummary,
  record: Reliability,
  done: readonly string[],
): ProSummary {
  const onTimeRate = record.visitsDue >= THIN_RECORD ? record.onTimeRate : null;
  return {
    slug: pro.slug,
    businessName: pro.businessName,
    personName: pro.fullName,
    photoUrl: pro.photoKey ? `/api/pros/${pro.slug}/photo?v=${photoVersion(pro.photoKey)}` : null,
    description: pro.description,
    neighbourhoods: neighbourhoodsOf(pro.coveredZips),
    services: servicesOf(pro, done),
    rating,
    onTimeRate,
    completedJobs: record.completedJobs,
    memberSince: todayInCharlotte(pro.createdAt),
    score: listScore({ rating, onTimeRate }),
    takingNewJobs: !pro.paused,
  };
}

async function summariesOf(db: DbOrTx, pros: readonly VisibleLandscaper[], now: Date) {
  const ids = pros.map((p) => p.id);
  const ratings = await ratingSummaries(db, ids, now);
  const records = await reliabilityOf(db, ids, { now });
  const done = await servicesDone(db, ids);
  return pros.map((pro) =>
    summaryOf(pro, ratings.get(pro.id)!, records.get(pro.id)!, done.get(pro.id) ?? []),
  );
}

const zipsOfNeighbourhood = (name: string) =>
  Object.entries(neighbourhoodByZip)
    .filter(([, n]) => n === name)
    .map(([zip]) => zip);

/**
 * GET /api/pros: the visible pros taking new jobs, best score first (listScore, docs/product-rules.md), ties
 * to more completed jobs, then the name. A neighbourhood narrows to pros covering one of its ZIPs; a service
 * to pros offering it.
 */
export async function listPros(options: {
  db: DbOrTx;
  search?: ProSearch;
  now?: Date;
}): Promise<{ pros: ProSummary[]; total: number }> {
  const now = options.now ?? new Date();
  const { neighbourhood, service } = options.search ?? {};
  const zips = neighbourhood ? zipsOfNeighbourhood(neighbourhood) : undefined;
  const pros = (await visibleLandscapers(options.db, zips ? { zips } : {})).filter((p) => !p.paused);
  const summaries = await summariesOf(options.db, pros, now);
  const found = summaries
    .filter((s) => !service || s.services.some((x) => x.id === service))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.completedJobs - a.completedJobs ||
        proDisplayName(a).localeCompare(proDisplayName(b), "en") ||
        (a.slug < b.slug ? -1 : 1),
    );
  return { pros: found.slice(0, PROS_LISTED), total: found.length };
}

interface ReviewRow {
  id: string;
  author_name: string;
  submitted_at: string | Date;
  quality: number;
  punctuality: number | null;
  communication: number | null;
  body: string;
  reply: string | null;
  replied_at: string | Date | null;
  removed_reason: string | null;
  removed_at: string | Date | null;
}

const dayOf = (value: string | Date) => todayInCharlotte(new Date(value));

/**
 * One page of a pro's released reviews, newest first. A review our team removed keeps its place and its author
 * and date, with the reason instead of its stars and text.
 */
export async function reviewsOf(options: {
  db: DbOrTx;
  landscaperId: string;
  page: number;
  now?: Date;
}): Promise<ReviewsPage> {
  const now = options.now ?? new Date();
  const result = await options.db.execute(sql`
    select ${review.id} as id, ${review.authorName} as author_name, ${review.submittedAt} as submitted_at,
      ${review.quality} as quality, ${review.punctuality} as punctuality,
      ${review.communication} as communication, ${review.body} as body, ${review.reply} as reply,
      ${review.repliedAt} as replied_at, ${review.removedReason} as removed_reason,
      ${review.removedAt} as removed_at
    from ${review}
    where ${review.landscaperId} = ${options.landscaperId}
      and ${review.visibleFrom} <= ${now.toISOString()}::timestamptz
    order by ${review.submittedAt} desc, ${review.id}
    limit ${REVIEWS_PER_PAGE + 1} offset ${(options.page - 1) * REVIEWS_PER_PAGE}
  `);
  const rows = rowsOf<ReviewRow>(result);
  const reviews = rows.slice(0, REVIEWS_PER_PAGE).map((r) => {
    const removed = r.removed_at !== null;
    return {
      id: r.id,
      authorName: r.author_name,
      date: dayOf(r.submitted_at),
      quality: removed ? null : Number(r.quality),
      punctuality: removed || r.punctuality === null ? null : Number(r.punctuality),
      communication: removed || r.communication === null ? null : Number(r.communication),
      body: removed ? null : r.body,
      reply: !removed && r.reply ? { text: r.reply, date: dayOf(r.replied_at ?? r.submitted_at) } : null,
      removedReason: removed ? (r.removed_reason ?? "") : null,
    };
  });
  return {
    reviews,
    page: options.page,
    nextPage: rows.length > REVIEWS_PER_PAGE ? options.page + 1 : null,
  };
}

const monthYear = formatterOnce(
  () => new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: BUSINESS_TIME_ZONE }),
);

/** After-photos the customer allowed (photos_public_at) of the pro's completed jobs: no photo of any other kind. */
const galleryWhere = (landscaperId: string) => sql`
  ${job.landscaperId} = ${landscaperId}
  and ${job.status} = 'completed'
  and ${job.photosPublicAt} is not null
  and ${jobPhoto.kind} = 'after'`;

/** The gallery: the newest after-photos customers allowed to be shown, captioned by service and month only. */
export async function galleryOf(db: DbOrTx, pro: { id: string; slug: string }): Promise<GalleryPhoto[]> {
  const result = await db.execute(sql`
    select ${jobPhoto.id} as id, ${jobPhoto.width} as width, ${jobPhoto.height} as height,
      ${job.selectedServices} as services, ${job.completedAt} as completed_at
    from ${jobPhoto}
    join ${job} on ${job.id} = ${jobPhoto.jobId}
    where ${galleryWhere(pro.id)}
    order by ${job.completedAt} desc, ${jobPhoto.createdAt} desc
    limit ${GALLERY_PHOTOS}
  `);
  return rowsOf<{
    id: string;
    width: number;
    height: number;
    services: string[];
    completed_at: string | Date | null;
  }>(result).map((r) => {
    const base = `/api/pros/${pro.slug}/gallery/${r.id}`;
    const services = r.services.map(serviceName).join(", ");
    const when = r.completed_at ? ` · ${monthYear().format(new Date(r.completed_at))}` : "";
    return {
      id: r.id,
      thumbUrl: `${base}?size=thumb`,
      fullUrl: base,
      width: Number(r.width),
      height: Number(r.height),
      caption: `${services}${when}`,
    };
  });
}

/** GET /api/pros/:slug: the whole profile with the first page of reviews. */
export async function proProfile(options: { db: DbOrTx; slug: string; now?: Date }): Promise<ProProfile> {
  const now = options.now ?? new Date();
  const pro = await visibleBySlug(options.db, options.slug);
  if (!pro) throw notFound(profileNotFound);
  const [summary] = await summariesOf(options.db, [pro], now);
  const records = await reliabilityOf(options.db, [pro.id], { now });
  const replies = await replyTimes(options.db, pro.id);
  const today = todayInCharlotte(now);
  return {
    ...summary!,
    yearsInBusiness: pro.yearsInBusiness,
    badges: {
      idChecked: pro.idDocument,
      // The badge goes the day after the certificate's last day (Charlotte's date), and with no date on file.
      insuredUntil: pro.insuranceExpiresOn && pro.insuranceExpiresOn >= today ? pro.insuranceExpiresOn : null,
      visitsDue: records.get(pro.id)!.visitsDue,
      repeatCustomers: await repeatCustomers(options.db, pro.id),
      medianReplyMinutes: replies.medianMinutes,
      replies: replies.replies,
    },
    gallery: await galleryOf(options.db, pro),
    reviews: await reviewsOf({ db: options.db, landscaperId: pro.id, page: 1, now }),
  };
}

/** GET /api/pros/:slug/reviews?page=n. */
export async function proReviews(options: { db: DbOrTx; slug: string; page: number; now?: Date }) {
  const pro = await visibleBySlug(options.db, options.slug);
  if (!pro) throw notFound(profileNotFound);
  return reviewsOf({ ...options, landscaperId: pro.id });
}

/** A visible profile's own photo; nothing else is reachable by this address. */
export async function profilePhotoFile(options: { db: DbOrTx; storage: Storage; slug: string }) {
  const pro = await visibleBySlug(options.db, options.slug);
  if (!pro?.photoKey) throw notFound("Photo not found.");
  const file = await options.storage.get(pro.photoKey);
  if (!file) throw notFound("Photo not found.");
  return { ...file, contentType: pro.photoContentType ?? "image/jpeg" };
}

/** A gallery photo: only an after-photo of a completed job of this visible pro whose customer allowed it. */
export async function galleryPhotoFile(options: {
  db: DbOrTx;
  storage: Storage;
  slug: string;
  photoId: string;
  size: "thumb" | "full";
}) {
  const pro = await visibleBySlug(options.db, options.slug);
  if (!pro) throw notFound("Photo not found.");
  const result = await options.db.execute(sql`
    select ${jobPhoto.key} as key, ${jobPhoto.thumbKey} as thumb_key
    from ${jobPhoto}
    join ${job} on ${job.id} = ${jobPhoto.jobId}
    where ${jobPhoto.id} = ${options.photoId} and ${galleryWhere(pro.id)}
  `);
  const row = rowsOf<{ key: string; thumb_key: string }>(result)[0];
  if (!row) throw notFound("Photo not found.");
  const file = await options.storage.get(options.size === "thumb" ? row.thumb_key : row.key);
  if (!file) throw notFound("Photo not found.");
  return file;
}
