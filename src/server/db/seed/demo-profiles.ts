import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { addDaysIso, todayInCharlotte } from "../../../shared/dates.js";
import { PROFILE_PHOTO_MAX_EDGE } from "../../../shared/profile-settings.js";
import { cleanImage } from "../../lib/images.js";
import * as s from "../schema.js";
import type { DemoContext, DemoLandscaper } from "./demo-people.js";
import type { DemoPhotoStore } from "./proof/demo-photos.js";

/**
 * What each demo landscaper says of their business (issue 36), how long they have been at it, and when their
 * insurance certificate lapses (days from the seed's day): Tasha's lapses within the month, so the demo shows
 * the 30-day warning; Dale's (denied) has lapsed. Ben hides nothing but says little.
 */
const profiles: Record<
  string,
  { description: string | null; years: number | null; insuranceDays: number; hue: number }
> = {
  "Carlos Mendoza": {
    description:
      "Family-run lawn care in Dilworth, Myers Park and SouthPark since 2014. Weekly mowing with clean edges, seasonal leaf clean-ups, and we always close the gate.",
    years: 12,
    insuranceDays: 240,
    hue: 140,
  },
  "Tasha Williams": {
    description:
      "Ballantyne and Matthews lawns, shrubs and hedges. I trim by hand where it matters and send photos of every finished job.",
    years: 7,
    insuranceDays: 21,
    hue: 95,
  },
  "Ben Whitaker": { description: null, years: 3, insuranceDays: 300, hue: 180 },
  "Rosa Delgado": {
    description:
      "Lake Norman yards from Huntersville to Davidson: mowing, leaf removal and mulching, with a crew of three.",
    years: 9,
    insuranceDays: 150,
    hue: 30,
  },
  "Jamal Harris": {
    description:
      "Outdoor services for SouthPark and Cotswold homes and small businesses: mowing, trimming, clean-ups. Booked through the queue.",
    years: 5,
    insuranceDays: 200,
    hue: 210,
  },
  "Dale Simmons": { description: null, years: null, insuranceDays: -20, hue: 0 },
};

/** A monogram-free portrait placeholder (no fonts needed): a leaf on the business's colour, as a JPEG upload. */
async function demoPortrait(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <rect width="640" height="640" fill="hsl(${hue},45%,38%)"/>
    <circle cx="320" cy="320" r="230" fill="hsl(${hue},40%,52%)"/>
    <path d="M320 150 C 430 230, 430 400, 320 490 C 210 400, 210 230, 320 150 Z" fill="hsl(${(hue + 40) % 360},55%,82%)"/>
    <path d="M320 190 L 320 470" stroke="hsl(${hue},45%,30%)" stroke-width="10"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The profiles' own data: description, years, insurance expiry, a photo (through the image pipeline, where
 * there is storage), and the after-photos of two demo jobs whose customers allowed them in the gallery.
 */
export async function seedDemoProfiles(
  { tx, now }: DemoContext,
  landscapers: DemoLandscaper[],
  photos: DemoPhotoStore | null,
) {
  const today = todayInCharlotte(now);
  for (const l of landscapers) {
    const p = profiles[l.name];
    if (!p) continue;
    let photo: { photoKey: string; photoContentType: string } | object = {};
    if (photos) {
      const image = await cleanImage(await demoPortrait(p.hue), { maxEdge: PROFILE_PHOTO_MAX_EDGE });
      if (image) {
        const key = `profiles/${l.id}/${randomUUID()}.jpg`;
        await photos.storage.put(key, image.data);
        photos.written.push(key);
        photo = { photoKey: key, photoContentType: image.contentType };
      }
    }
    await tx
      .update(s.landscaper)
      .set({
        description: p.description,
        yearsInBusiness: p.years,
        insuranceExpiresOn: addDaysIso(today, p.insuranceDays),
        ...photo,
      })
      .where(eq(s.landscaper.userId, l.id));
  }
  // Two of the jobs with after-photos were approved with "show my photos" ticked; the third was not.
  const withPhotos = await tx
    .selectDistinct({ id: s.job.id, number: s.job.number })
    .from(s.job)
    .innerJoin(s.jobPhoto, eq(s.jobPhoto.jobId, s.job.id))
    .where(
      and(
        eq(s.job.status, "completed"),
        eq(s.jobPhoto.kind, "after"),
        isNotNull(s.job.workApprovedAt),
        inArray(
          s.job.landscaperId,
          landscapers.map((l) => l.id),
        ),
      ),
    )
    .orderBy(s.job.number);
  const allowed = withPhotos.slice(0, 2).map((j) => j.id);
  if (allowed.length)
    await tx
      .update(s.job)
      .set({ photosPublicAt: sql`${s.job.workApprovedAt}` })
      .where(inArray(s.job.id, allowed));
}
