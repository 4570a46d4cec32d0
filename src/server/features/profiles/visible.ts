import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client.js";
import { landscaper, landscaperAvailability, landscaperDocument, user } from "../../db/schema.js";

/** A landscaper whose profile anyone may see, with the columns a profile is built from. */
export interface VisibleLandscaper {
  id: string;
  slug: string;
  fullName: string;
  businessName: string | null;
  description: string | null;
  photoKey: string | null;
  photoContentType: string | null;
  yearsInBusiness: number | null;
  coveredZips: string[];
  instantServices: string[];
  paused: boolean;
  insuranceExpiresOn: string | null;
  idDocument: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  slug: string;
  full_name: string;
  business_name: string | null;
  description: string | null;
  photo_key: string | null;
  photo_content_type: string | null;
  years_in_business: number | null;
  covered: string[] | null;
  instant: string[] | null;
  paused: boolean;
  insurance_expires_on: string | Date | null;
  id_document: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

const isoDay = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * The landscapers with a public profile: approved, not banned, not hidden by themselves, with an address
 * (slug). `slug` narrows to one; `zips` to those covering any of these ZIPs (a neighbourhood's). A pro paused
 * by the late lock-out keeps their profile (links to it keep working) but is marked, and the list leaves them
 * out. The street address and the ZIP lists never leave this module except as the covered ZIPs, which the
 * caller turns into neighbourhood names.
 */
export async function visibleLandscapers(
  db: DbOrTx,
  options: { slug?: string; zips?: readonly string[] } = {},
): Promise<VisibleLandscaper[]> {
  const bySlug = options.slug === undefined ? sql`` : sql`and ${landscaper.slug} = ${options.slug}`;
  const byZip =
    options.zips === undefined
      ? sql``
      : sql`and ${landscaper.coveredZipCodes} && ${sql.param([...options.zips])}::text[]`;
  const result = await db.execute(sql`
    select ${landscaper.userId} as id, ${landscaper.slug} as slug, ${landscaper.fullName} as full_name,
      nullif(trim(${landscaper.businessName}), '') as business_name,
      nullif(trim(${landscaper.description}), '') as description,
      ${landscaper.photoKey} as photo_key,
      ${landscaper.photoContentType} as photo_content_type, ${landscaper.yearsInBusiness} as years_in_business,
      ${landscaper.coveredZipCodes} as covered, ${landscaperAvailability.instantServices} as instant,
      ${landscaper.pausedAt} is not null as paused,
      ${landscaper.insuranceExpiresOn} as insurance_expires_on,
      exists (select 1 from ${landscaperDocument} where ${landscaperDocument.userId} = ${landscaper.userId}
        and ${landscaperDocument.documentType} = 'id_proof') as id_document,
      ${landscaper.createdAt} as created_at, ${landscaper.updatedAt} as updated_at
    from ${landscaper}
    join ${user} on ${user.id} = ${landscaper.userId}
    left join ${landscaperAvailability} on ${landscaperAvailability.landscaperId} = ${landscaper.userId}
    where ${landscaper.status} = 'approved'
      and ${landscaper.profileHiddenAt} is null
      and ${landscaper.slug} is not null
      and not coalesce(${user.banned}, false)
      ${bySlug} ${byZip}
  `);
  return rowsOf<Row>(result).map((r) => ({
    id: r.id,
    slug: r.slug,
    fullName: r.full_name,
    businessName: r.business_name,
    description: r.description,
    photoKey: r.photo_key,
    photoContentType: r.photo_content_type,
    yearsInBusiness: r.years_in_business === null ? null : Number(r.years_in_business),
    coveredZips: r.covered ?? [],
    instantServices: r.instant ?? [],
    paused: Boolean(r.paused),
    insuranceExpiresOn: isoDay(r.insurance_expires_on),
    idDocument: Boolean(r.id_document),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }));
}

/** One visible landscaper by their profile's address, or undefined (hidden, not approved, unknown). */
export async function visibleBySlug(db: DbOrTx, slug: string): Promise<VisibleLandscaper | undefined> {
  const [pro] = await visibleLandscapers(db, { slug });
  return pro;
}
