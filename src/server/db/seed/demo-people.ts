import { randomUUID } from "node:crypto";
import { slugBase } from "../../../shared/profile-settings.js";
import { coveredZipCodes } from "../../features/landscapers/coverage.js";
import type { Tx } from "../client.js";
import * as s from "../schema.js";
import { insertUsers } from "./bootstrap.js";
import {
  DAY,
  DEMO_DOMAIN,
  demoAvailability,
  firstNames,
  hasDemoDocuments,
  landscaperSeeds,
  lastNames,
  neighbourhoods,
  type random,
} from "./demo-fixtures.js";

/** What every demo step shares: the transaction, one seeded generator (called in a fixed order), the clock. */
export interface DemoContext {
  tx: Tx;
  rnd: ReturnType<typeof random>;
  now: Date;
  passwordHash: string;
}

/** Twelve customers with their service addresses, spread over the neighbourhoods. */
export async function seedDemoCustomers({ tx, rnd, now, passwordHash }: DemoContext) {
  const customers = firstNames.slice(0, 12).map((first, i) => {
    const last = lastNames[i]!;
    const hood = neighbourhoods[i % neighbourhoods.length]!;
    return {
      id: randomUUID(),
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${DEMO_DOMAIN}`,
      name: `${first} ${last}`,
      role: "customer" as const,
      createdAt: new Date(now.getTime() - rnd.int(60, 120) * DAY),
      phone: `(704) 555-${String(1000 + i * 37).slice(-4)}`,
      street: `${rnd.int(100, 4999)} ${rnd.pick(hood.streets)}`,
      hood,
      propertyType: i % 5 === 4 ? ("commercial" as const) : ("residential" as const),
    };
  });
  await insertUsers(tx, customers, passwordHash);
  await tx.insert(s.customer).values(
    customers.map((c) => ({
      userId: c.id,
      fullName: c.name,
      streetAddress: c.street,
      city: c.hood.zip === "28105" ? "Matthews" : c.hood.zip === "28078" ? "Huntersville" : "Charlotte",
      state: "NC",
      zipCode: c.hood.zip,
      phoneNumber: c.phone,
      propertyType: c.propertyType,
      createdAt: c.createdAt,
    })),
  );
  return customers;
}

export type DemoCustomer = Awaited<ReturnType<typeof seedDemoCustomers>>[number];

/** The nine landscapers (approved, pending and denied) with their service areas, reviewed by the admin. */
export async function seedDemoLandscapers(
  { tx, rnd, now, passwordHash }: DemoContext,
  adminId: string | null,
  /** Whether their documents are stored (./demo-documents.ts): 'submitted' only then. */
  withDocuments: boolean,
) {
  const landscapers = landscaperSeeds.map((l, i) => {
    const [first, last] = l.name.toLowerCase().split(" ");
    return {
      ...l,
      id: randomUUID(),
      email: `${first}.${last}@${DEMO_DOMAIN}`,
      createdAt: new Date(now.getTime() - (l.status === "pending" ? rnd.int(1, 6) : rnd.int(70, 110)) * DAY),
      phone: `(980) 555-${String(2100 + i * 53).slice(-4)}`,
    };
  });
  await insertUsers(
    tx,
    landscapers.map((l) => ({
      id: l.id,
      email: l.email,
      name: l.name,
      role: "landscaper" as const,
      createdAt: l.createdAt,
    })),
    passwordHash,
  );
  const covered = new Map<string, string[]>();
  for (const l of landscapers) covered.set(l.id, await coveredZipCodes(tx, [...l.zips], l.radius));
  await tx.insert(s.landscaper).values(
    landscapers.map((l) => ({
      coveredZipCodes: covered.get(l.id) ?? [],
      userId: l.id,
      fullName: l.name,
      businessName: l.business,
      // Demo names are distinct, so the base is free (the app's freeSlug adds -2 when one is taken).
      slug: slugBase(l.business ?? l.name),
      phoneNumber: l.phone,
      streetAddress: `${rnd.int(100, 9999)} ${rnd.pick(["Tryon St", "Independence Blvd", "Albemarle Rd", "Monroe Rd"])}`,
      city: "Charlotte",
      state: "NC",
      zipCode: l.zips[0],
      serviceZipCodes: [...l.zips],
      travelRadius: l.radius,
      status: l.status,
      backgroundCheckConsentAt: l.createdAt,
      termsConsentAt: l.createdAt,
      documentsSubmittedAt: hasDemoDocuments(l.name, withDocuments)
        ? new Date(l.createdAt.getTime() + DAY / 2)
        : null,
      reviewedAt: l.status === "pending" ? null : new Date(l.createdAt.getTime() + 2 * DAY),
      reviewedBy: l.status === "pending" ? null : adminId,
      adminNotes: l.status === "denied" ? "Insurance certificate had expired." : null,
      createdAt: l.createdAt,
    })),
  );
  const withAvailability = landscapers.filter((l) => l.name in demoAvailability);
  if (withAvailability.length)
    await tx.insert(s.landscaperAvailability).values(
      withAvailability.map((l) => ({
        landscaperId: l.id,
        ...demoAvailability[l.name as keyof typeof demoAvailability],
        weekdays: [...demoAvailability[l.name as keyof typeof demoAvailability].weekdays],
        instantServices: [...demoAvailability[l.name as keyof typeof demoAvailability].instantServices],
      })),
    );
  return landscapers;
}

export type DemoLandscaper = Awaited<ReturnType<typeof seedDemoLandscapers>>[number];
