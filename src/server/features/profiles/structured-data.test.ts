import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ProProfile } from "../../../shared/profiles.js";
import { listStructuredData, profileStructuredData } from "./structured-data.js";

/**
 * The JSON-LD the pages emit, checked against schema.org's own vocabulary: every @type is a schema.org type and
 * every property is defined for that type or a type it inherits from (Thing, Organization, Place, ...). The
 * vocabulary is an extract of the release file (fixtures/schema-org-extract.json names its source).
 */
interface Vocabulary {
  types: Record<string, { subClassOf: string[] }>;
  properties: Record<string, { domainIncludes: string[] }>;
}
const vocabulary = JSON.parse(
  readFileSync(new URL("./fixtures/schema-org-extract.json", import.meta.url), "utf8"),
) as Vocabulary;

function ancestors(type: string): Set<string> {
  const seen = new Set<string>();
  const stack = [type];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(vocabulary.types[next]?.subClassOf ?? []));
  }
  return seen;
}

/** Every problem in a JSON-LD value: unknown types, properties not defined for their type, untyped objects. */
function problems(value: unknown, where = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => problems(item, `${where}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  const type = node["@type"];
  if (typeof type !== "string") return [`${where}: an object without @type`];
  if (!vocabulary.types[type]) return [`${where}: ${type} is not a schema.org type`];
  const types = ancestors(type);
  const out: string[] = [];
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    const domains = vocabulary.properties[key]?.domainIncludes;
    if (!domains) out.push(`${where}.${key}: not a schema.org property`);
    else if (!domains.some((d) => types.has(d))) out.push(`${where}.${key}: not defined for ${type}`);
    out.push(...problems(child, `${where}.${key}`));
  }
  return out;
}

const profile: ProProfile = {
  slug: "queen-city-lawn-care",
  businessName: "Queen City Lawn Care",
  personName: "Carlos Mendoza",
  photoUrl: "/api/pros/queen-city-lawn-care/photo?v=abc",
  description: "Family crew since 2012.",
  neighbourhoods: ["Dilworth", "Myers Park"],
  services: [{ id: "lawn-mowing", name: "Lawn Mowing" }],
  rating: { average: 4.5, count: 2 },
  onTimeRate: 96,
  completedJobs: 40,
  memberSince: "2025-04-01",
  score: 88,
  takingNewJobs: true,
  yearsInBusiness: 12,
  badges: {
    idChecked: true,
    insuredUntil: "2027-03-31",
    visitsDue: 30,
    repeatCustomers: 4,
    medianReplyMinutes: 25,
    replies: 9,
  },
  gallery: [],
  reviews: {
    page: 1,
    nextPage: null,
    reviews: [
      {
        id: "r1",
        authorName: "Olivia B.",
        date: "2027-02-01",
        quality: 5,
        punctuality: 5,
        communication: 4,
        body: "Tidy work.",
        reply: { text: "Thank you!", date: "2027-02-02" },
        removedReason: null,
      },
      {
        id: "r2",
        authorName: "Sam K.",
        date: "2027-02-03",
        quality: null,
        punctuality: null,
        communication: null,
        body: null,
        reply: null,
        removedReason: "It named a person's phone number.",
      },
    ],
  },
};

describe("JSON-LD against schema.org's vocabulary", () => {
  it("the extract knows the types the checks lean on", () => {
    expect([...ancestors("LocalBusiness")].sort()).toEqual([
      "LocalBusiness",
      "Organization",
      "Place",
      "Thing",
    ]);
    expect(problems({ "@type": "LocalBusiness", reviewBody: "x" })).toEqual([
      "$.reviewBody: not defined for LocalBusiness",
    ]);
    expect(problems({ "@type": "Business" })).toEqual(["$: Business is not a schema.org type"]);
  });

  it("a profile's LocalBusiness, AggregateRating and Reviews use only defined types and properties", () => {
    const ld = profileStructuredData(profile, "https://greenscape.example");
    expect(problems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      "@type": "LocalBusiness",
      image: "https://greenscape.example/api/pros/queen-city-lawn-care/photo?v=abc",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
    });
    // The removed review is not published as a review; its stars and text are gone from the page too.
    expect((ld.review as unknown[]).length).toBe(1);
  });

  it("the list's ItemList of LocalBusiness uses only defined types and properties", () => {
    const ld = listStructuredData(
      [profile],
      "https://greenscape.example",
      "https://greenscape.example/professionals",
    );
    expect(problems(ld)).toEqual([]);
  });
});
