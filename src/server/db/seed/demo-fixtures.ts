import type { Availability } from "../../../shared/booking.js";
/** The demo's fixed material: a seeded generator, Charlotte neighbourhoods, names and landscapers. */
import type * as s from "../schema.js";

/** A demo job's and a job event's rows as written, and the times the demo counts in. */
export type DemoJob = typeof s.job.$inferInsert;
export type DemoEvent = typeof s.jobEvent.$inferInsert;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const later = (value: Date, ms: number) => new Date(value.getTime() + ms);

/** A small deterministic generator, so every fresh install shows the same demo. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export const DEMO_DOMAIN = "demo.greenscape.local";
export const DEMO_PASSWORD = "demo-password";

export const neighbourhoods = [
  { zip: "28203", area: "Dilworth", streets: ["East Blvd", "Kenilworth Ave", "Park Ave"] },
  { zip: "28207", area: "Myers Park", streets: ["Queens Rd", "Hermitage Rd", "Providence Rd"] },
  {
    zip: "28277",
    area: "Ballantyne",
    streets: ["Ballantyne Commons Pkwy", "Johnston Rd", "Bryant Farms Rd"],
  },
  { zip: "28209", area: "Montford", streets: ["Park Rd", "Woodlawn Rd", "Montford Dr"] },
  { zip: "28205", area: "Plaza Midwood", streets: ["Central Ave", "The Plaza", "Commonwealth Ave"] },
  { zip: "28211", area: "Cotswold", streets: ["Randolph Rd", "Sharon Amity Rd", "Wendover Rd"] },
  { zip: "28105", area: "Matthews", streets: ["Trade St", "John St", "Weddington Rd"] },
  { zip: "28078", area: "Huntersville", streets: ["Gilead Rd", "Sam Furr Rd", "Huntersville-Concord Rd"] },
  { zip: "28226", area: "Carmel", streets: ["Carmel Rd", "McMullen Creek Pkwy", "Rea Rd"] },
  { zip: "28210", area: "SouthPark", streets: ["Fairview Rd", "Colony Rd", "Runnymede Ln"] },
] as const;

/** Also the names of the benchmark's bulk accounts (bench/lib/seed.ts). */
export const firstNames = [
  "Olivia",
  "Marcus",
  "Priya",
  "James",
  "Sofia",
  "Darnell",
  "Emily",
  "Luis",
  "Hannah",
  "Andre",
  "Grace",
  "Kevin",
  "Maya",
  "Tyler",
];
export const lastNames = [
  "Bennett",
  "Carter",
  "Nguyen",
  "Patel",
  "Robinson",
  "Hughes",
  "Alvarez",
  "Brooks",
  "Foster",
  "Ramirez",
  "Coleman",
  "Price",
  "Jenkins",
  "Ward",
];

export const landscaperSeeds = [
  {
    name: "Carlos Mendoza",
    business: "Queen City Lawn Care",
    status: "approved",
    zips: ["28203", "28207", "28209", "28210"],
    radius: 10,
  },
  {
    name: "Tasha Williams",
    business: "Green Thumb Charlotte",
    status: "approved",
    zips: ["28277", "28226", "28105"],
    radius: 15,
  },
  { name: "Ben Whitaker", business: null, status: "approved", zips: ["28205", "28211", "28204"], radius: 10 },
  {
    name: "Rosa Delgado",
    business: "Lake Norman Landscapes",
    status: "approved",
    zips: ["28078", "28031", "28036"],
    radius: 25,
  },
  {
    name: "Jamal Harris",
    business: "Harris Outdoor Services",
    status: "approved",
    zips: ["28210", "28211", "28226", "28207"],
    radius: 5,
  },
  {
    name: "Evan Brooks",
    business: "Brooks Yard Works",
    status: "pending",
    zips: ["28269", "28262"],
    radius: 10,
  },
  { name: "Lily Chen", business: null, status: "pending", zips: ["28203", "28205"], radius: 15 },
  {
    name: "Victor Osei",
    business: "Osei Garden Design",
    status: "pending",
    zips: ["28173", "28277"],
    radius: 25,
  },
  { name: "Dale Simmons", business: "Simmons Mowing", status: "denied", zips: ["28213"], radius: 10 },
] as const;

/**
 * The approved landscapers' availability (issue 35): who can be booked at once, for what, when. Jamal keeps
 * the defaults (nothing instant), so the demo shows a pro who takes work from the queue only.
 */
export const demoAvailability = {
  "Carlos Mendoza": {
    weekdays: [1, 2, 3, 4, 5, 6],
    visitsPerDay: 5,
    noticeHours: 24,
    instantServices: ["lawn-mowing", "edging-trimming", "leaf-removal"],
    priceAdjustPercent: 0,
  },
  "Tasha Williams": {
    weekdays: [1, 2, 3, 4, 5],
    visitsPerDay: 4,
    noticeHours: 48,
    instantServices: ["lawn-mowing", "edging-trimming", "bush-shrub-trimming"],
    priceAdjustPercent: 10,
  },
  "Ben Whitaker": {
    weekdays: [2, 3, 4, 5, 6],
    visitsPerDay: 6,
    noticeHours: 12,
    instantServices: ["lawn-mowing", "edging-trimming"],
    priceAdjustPercent: -5,
  },
  "Rosa Delgado": {
    weekdays: [1, 2, 3, 4, 5],
    visitsPerDay: 4,
    noticeHours: 24,
    instantServices: ["lawn-mowing", "leaf-removal"],
    priceAdjustPercent: 0,
  },
} as const satisfies Record<string, Availability>;

/** Who has sent no documents yet: her application waits for them (./demo-documents.ts). */
export const DEMO_WITHOUT_DOCUMENTS = "Lily Chen";

/** Whether a demo landscaper's application has its documents (only where there is storage to hold them). */
export const hasDemoDocuments = (name: string, withStorage: boolean) =>
  withStorage && name !== DEMO_WITHOUT_DOCUMENTS;

export const DAY = 24 * 60 * 60 * 1000;
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
