import {
  type ProProfile,
  type ProSummary,
  proDisplayName,
  profileDescription,
  profilePath,
} from "../../../shared/profiles.js";

/*
 * schema.org JSON-LD for the public pages (issue 36, item 4). Only types and properties schema.org defines for
 * them (structured-data.test.ts checks each against an extract of the vocabulary), and only what the page shows:
 * the locality, never a street address; reviewers as "Olivia B."; removed reviews left out.
 */

type Json = { [key: string]: unknown };

const locality = {
  "@type": "PostalAddress",
  addressLocality: "Charlotte",
  addressRegion: "NC",
  addressCountry: "US",
};

function business(pro: ProSummary, publicUrl: string): Json {
  const url = `${publicUrl}${profilePath(pro.slug)}`;
  return {
    "@type": "LocalBusiness",
    "@id": `${url}#business`,
    name: proDisplayName(pro),
    url,
    description: pro.description ?? profileDescription(pro),
    address: locality,
    ...(pro.photoUrl ? { image: `${publicUrl}${pro.photoUrl}` } : {}),
    ...(pro.neighbourhoods.length
      ? {
          areaServed: pro.neighbourhoods.map((name) => ({
            "@type": "Place",
            name: `${name}, Charlotte, NC`,
          })),
        }
      : {}),
    ...(pro.rating.average !== null && pro.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: pro.rating.average,
            reviewCount: pro.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** A profile: the LocalBusiness with its rating and the reviews on the page (removed ones left out). */
export function profileStructuredData(profile: ProProfile, publicUrl: string): Json {
  const reviews = profile.reviews.reviews.filter((r) => r.removedReason === null && r.quality !== null);
  return {
    "@context": "https://schema.org",
    ...business(profile, publicUrl),
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.authorName },
            datePublished: r.date,
            ...(r.body ? { reviewBody: r.body } : {}),
            reviewRating: { "@type": "Rating", ratingValue: r.quality, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** The list: an ItemList of LocalBusiness, in the list's order. */
export function listStructuredData(pros: readonly ProSummary[], publicUrl: string, pageUrl: string): Json {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Approved landscapers in Charlotte, NC",
    url: pageUrl,
    numberOfItems: pros.length,
    itemListElement: pros.map((pro, i) => ({
      "@type": "ListItem",
      position: i + 1,
      item: business(pro, publicUrl),
    })),
  };
}
