import { describe, expect, it } from "vitest";
import { noReliability } from "../../../shared/reliability.js";
import { PRIOR, partsOf, type RankInput, rank, scoreOf } from "./ranking.js";

const record = (over: Partial<typeof noReliability> = {}) => ({ ...noReliability, ...over });
const pro = (id: string, over: Partial<RankInput> = {}): RankInput => ({
  landscaperId: id,
  reliability: record(),
  nearestVisitMiles: null,
  baseMiles: 6,
  priceAdjustPercent: 0,
  ...over,
});

describe("ranking the pros a customer may book", () => {
  it("counts a thin record as the prior, not as zero or as perfect", () => {
    const parts = partsOf(
      pro("a", { reliability: record({ onTimeRate: 100, visitsDue: 2, completedJobs: 2 }) }),
    );
    expect(parts.reliability).toBe(PRIOR);
    expect(parts.rating).toBe(PRIOR);
    const proven = partsOf(
      pro("b", {
        reliability: record({ onTimeRate: 90, visitsDue: 20, averageRating: 4.5, ratingCount: 10 }),
      }),
    );
    expect(proven.reliability).toBe(0.9);
    expect(proven.rating).toBe(0.9);
  });

  it("scores route fit from the nearest visit that day before the base, and price from the pro's percentage", () => {
    expect(partsOf(pro("a", { nearestVisitMiles: 0, baseMiles: 15 })).routeFit).toBe(1);
    expect(partsOf(pro("a", { nearestVisitMiles: null, baseMiles: 10 })).routeFit).toBe(0.5);
    expect(partsOf(pro("a", { baseMiles: 40 })).routeFit).toBe(0);
    expect(partsOf(pro("a", { baseMiles: null })).routeFit).toBe(0.5);
    expect(partsOf(pro("a", { priceAdjustPercent: -30 })).price).toBe(1);
    expect(partsOf(pro("a", { priceAdjustPercent: 30 })).price).toBe(0);
    expect(scoreOf({ reliability: 1, rating: 1, routeFit: 1, price: 1 })).toBe(1000);
  });

  it("puts the best record first and says so; says 'new' of a pro without one", () => {
    const steady = pro("steady", {
      reliability: record({
        onTimeRate: 98,
        visitsDue: 50,
        completedJobs: 50,
        averageRating: 4.2,
        ratingCount: 30,
      }),
    });
    const fresh = pro("fresh");
    const [first, second] = rank([fresh, steady]);
    expect(first!.item.landscaperId).toBe("steady");
    expect(first!.reason).toBe("Best on-time record near you");
    expect(second!.reason).toBe("Approved by our team");
  });

  it("breaks a tie on score by completed jobs, then by id, whatever the input order", () => {
    const a = pro("b-id", { reliability: record({ completedJobs: 1 }) });
    const b = pro("a-id", { reliability: record({ completedJobs: 1 }) });
    const c = pro("c-id", { reliability: record({ completedJobs: 2 }) });
    const order = (list: RankInput[]) => rank(list).map((r) => r.item.landscaperId);
    expect(order([a, b, c])).toEqual(["c-id", "a-id", "b-id"]);
    expect(order([c, b, a])).toEqual(["c-id", "a-id", "b-id"]);
  });

  it("names what a pro leads in: a visit nearby that day, a lower price", () => {
    const nearby = pro("nearby", { nearestVisitMiles: 0.5, reliability: record({ completedJobs: 10 }) });
    const cheap = pro("cheap", { priceAdjustPercent: -25, reliability: record({ completedJobs: 10 }) });
    const reasons = Object.fromEntries(rank([nearby, cheap]).map((r) => [r.item.landscaperId, r.reason]));
    expect(reasons.nearby).toBe("Already working near you that day");
    expect(reasons.cheap).toBe("Lowest price near you");
  });
});
