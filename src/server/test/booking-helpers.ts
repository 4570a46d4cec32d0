import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Availability } from "../../shared/booking.js";
import { daysFromToday } from "../../shared/dates.js";
import { landscaper } from "../db/schema.js";
import { signUp } from "./accounts-helpers.js";
import type { TestApp } from "./build-test-app.js";
import { createLandscaper, type Landscaper } from "./landscaper-helpers.js";
import { saveCard } from "./payment-helpers.js";
import { postQuote, validQuote } from "./quote-helpers.js";

/** Test set-up shared by the booking tests: instant-bookable pros, firm-priced quotes, customers with cards. */

export const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
export const PROPERTY_ZIP = "28203";

export async function putAvailability(t: TestApp, cookie: string, body: Partial<Availability>) {
  return t.app.inject({
    method: "PUT",
    url: "/api/landscaper/availability",
    headers: { cookie },
    payload: {
      weekdays: EVERY_DAY,
      visitsPerDay: 6,
      noticeHours: 0,
      instantServices: ["lawn-mowing"],
      priceAdjustPercent: 0,
      ...body,
    },
  });
}

/**
 * ZIPs far enough apart (Charlotte's towns) that pros listing one with a 5-mile radius never cover another:
 * each test books in its own, so the pros of one test are not free for another's request.
 */
export const TOWN_ZIPS = ["28078", "28173", "28025", "28052", "28110", "28117", "29730", "28012"] as const;

/** An approved pro covering PROPERTY_ZIP (or `zip`) with instant booking on for mowing, every day, no notice. */
export async function instantPro(
  t: TestApp,
  options: { name?: string; availability?: Partial<Availability>; businessName?: string; zip?: string } = {},
): Promise<Landscaper> {
  const pro = await createLandscaper(t, {
    status: "approved",
    zips: [options.zip ?? PROPERTY_ZIP],
    radius: 5,
    name: options.name,
  });
  if (options.businessName)
    await t.database.db
      .update(landscaper)
      .set({ businessName: options.businessName })
      .where(eq(landscaper.userId, pro.id));
  const response = await putAvailability(t, pro.cookie, options.availability ?? {});
  expect(response.statusCode, response.body).toBe(200);
  return pro;
}

/** A visitor's firm-priced quote for a weekly or one-time mow: its id and the secret its answer gave. */
export async function firmQuote(
  t: TestApp,
  options: { daysAhead?: number; frequency?: string; email?: string; sizeTier?: string; zip?: string } = {},
): Promise<{ id: string; token: string; email: string; perVisitCents: number }> {
  const body = validQuote({
    services: ["lawn-mowing"],
    sizeTier: options.sizeTier ?? "m",
    grassHeight: "normal",
    frequency: options.frequency ?? "one_time",
    preferredDate: daysFromToday(options.daysAhead ?? 7),
    zipCode: options.zip ?? PROPERTY_ZIP,
    ...(options.email ? { email: options.email } : {}),
  });
  const response = await postQuote(t.app, body);
  expect(response.statusCode, response.body).toBe(200);
  const { quote } = response.json();
  return {
    id: quote.id,
    token: quote.bookingToken,
    email: body.email,
    perVisitCents: quote.price.perVisitCents,
  };
}

/** The customer the booking flow creates: signed up with the quote's email (unconfirmed) and a card saved. */
export async function bookingCustomer(t: TestApp, email: string) {
  const account = await signUp(t.app, { email, verified: false });
  const card = await saveCard(t.app, account.cookie);
  return { ...account, cardId: card.id };
}

export function prosOf(t: TestApp, quoteId: string, token?: string, cookie?: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/quotes/${quoteId}/pros${token ? `?token=${encodeURIComponent(token)}` : ""}`,
    headers: cookie ? { cookie } : {},
  });
}

export function book(
  t: TestApp,
  cookie: string,
  quoteId: string,
  body: { token?: string; landscaperId?: string; date: string; cardId?: string },
) {
  return t.app.inject({
    method: "POST",
    url: `/api/quotes/${quoteId}/book`,
    headers: { cookie },
    payload: body,
  });
}

/**
 * A pro takes a request as the accept button does. A firm-priced request stays open for offers (issue 35,
 * item 6), so the customer then books that offer with their default card, as their dashboard does: either
 * way the job ends with this pro (accepted for a request they priced, scheduled for a firm one).
 */
export async function takeRequest(
  t: TestApp,
  options: { proCookie: string; customerCookie: string; jobId: string; body?: object },
) {
  const taken = await t.app.inject({
    method: "POST",
    url: `/api/jobs/${options.jobId}/accept`,
    headers: { cookie: options.proCookie },
    payload: options.body ?? {},
  });
  expect(taken.statusCode, taken.body).toBe(200);
  if (taken.json().job.status !== "pending") return taken;
  const list = await t.app.inject({ url: "/api/customer/jobs", headers: { cookie: options.customerCookie } });
  const offers: { offerId: string }[] =
    list.json().jobs.find((j: { id: string }) => j.id === options.jobId)?.offers ?? [];
  const latest = offers.at(-1);
  expect(latest, "the pro's offer is on the customer's request").toBeDefined();
  const booked = await t.app.inject({
    method: "POST",
    url: `/api/jobs/${options.jobId}/offers/${latest!.offerId}/book`,
    headers: { cookie: options.customerCookie },
    payload: {},
  });
  expect(booked.statusCode, booked.body).toBe(200);
  return booked;
}
