import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AvailablePro, RequestedPro } from "../../../shared/booking.js";
import { daysFromToday } from "../../../shared/dates.js";
import { landscaper } from "../../db/schema.js";
import { firmQuote, instantPro, TOWN_ZIPS } from "../../test/booking-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

/** "Book <name>" on a profile (issue 36): the quote's choice of pros puts that pro first when they can come. */
describe("booking from a profile", () => {
  const t = useTestApp();
  const zip = TOWN_ZIPS[0];

  async function prosFor(quote: { id: string; token: string }, slug: string) {
    const response = await t.app.inject({
      url: `/api/quotes/${quote.id}/pros?token=${encodeURIComponent(quote.token)}&pro=${slug}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { pros: AvailablePro[]; requested?: RequestedPro | null };
  }
  const setSlug = (id: string, set: Partial<typeof landscaper.$inferInsert>) =>
    t.database.db.update(landscaper).set(set).where(eq(landscaper.userId, id));

  it("puts the pro first, chosen when free on the day asked for, and says when they are not", async () => {
    // Three pros with a lower price rank above Dee (her business: the helper's "Green Thumb Lawn Co."), who asks 20 % more.
    for (const name of ["Ann One", "Bo Two", "Cy Three"])
      await instantPro(t, { name, zip, availability: { priceAdjustPercent: -20 } });
    const dee = await instantPro(t, { name: "Dee Lawns", zip, availability: { priceAdjustPercent: 20 } });
    await setSlug(dee.id, { slug: "dee-lawns" });
    const quote = await firmQuote(t, { zip, daysAhead: 7 });

    const plain = await t.app.inject({ url: `/api/quotes/${quote.id}/pros?token=${quote.token}` });
    expect((plain.json().pros as AvailablePro[]).map((p) => p.landscaperId)).not.toContain(dee.id);

    const chosen = await prosFor(quote, "dee-lawns");
    expect(chosen.pros).toHaveLength(3);
    expect(chosen.pros[0]!.landscaperId).toBe(dee.id);
    expect(chosen.requested).toEqual({
      landscaperId: dee.id,
      name: "Green Thumb Lawn Co.",
      status: "free",
      wantedDate: daysFromToday(7),
    });

    // Not working on the day asked for: still first, free on other days.
    const wantedWeekday = new Date(`${daysFromToday(7)}T12:00:00Z`).getUTCDay();
    await t.app.inject({
      method: "PUT",
      url: "/api/landscaper/availability",
      headers: { cookie: dee.cookie },
      payload: {
        weekdays: [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== wantedWeekday),
        visitsPerDay: 6,
        noticeHours: 0,
        instantServices: ["lawn-mowing"],
        priceAdjustPercent: 20,
      },
    });
    const otherDays = await prosFor(quote, "dee-lawns");
    expect(otherDays.pros[0]!.landscaperId).toBe(dee.id);
    expect(otherDays.pros[0]!.firstDays).not.toContain(daysFromToday(7));
    expect(otherDays.requested?.status).toBe("other-days");

    // Paused from new jobs: not bookable, and the others are offered as usual.
    await setSlug(dee.id, { pausedAt: new Date() });
    const paused = await prosFor(quote, "dee-lawns");
    expect(paused.requested?.status).toBe("not-bookable");
    expect(paused.pros.map((p) => p.landscaperId)).not.toContain(dee.id);
    expect(paused.pros).toHaveLength(3);

    // A hidden profile (or an unknown address) names nobody: the list is the usual one.
    await setSlug(dee.id, { pausedAt: null, profileHiddenAt: new Date() });
    expect((await prosFor(quote, "dee-lawns")).requested).toBeNull();
    expect((await prosFor(quote, "nobody-here")).requested).toBeNull();
  });
});
