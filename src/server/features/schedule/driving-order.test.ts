import { describe, expect, it } from "vitest";
import { haversineMiles, type OrderStop, type Point, suggestDrivingOrder } from "./driving-order.js";

/** ZIP centroids as the zip_code table holds them (the offline `zipcodes` data). */
const centroid: Record<string, Point> = {
  "28202": { latitude: 35.229, longitude: -80.8419 }, // Uptown
  "28203": { latitude: 35.2081, longitude: -80.8583 }, // Dilworth
  "28207": { latitude: 35.1935, longitude: -80.8272 }, // Myers Park
  "28209": { latitude: 35.1796, longitude: -80.8559 }, // Montford
  "28210": { latitude: 35.1316, longitude: -80.8577 }, // SouthPark
  "28277": { latitude: 35.0552, longitude: -80.8195 }, // Ballantyne
  "28031": { latitude: 35.4733, longitude: -80.8726 }, // Cornelius
};

function stop(number: number, zipCode: string): OrderStop {
  return { number, zipCode, point: centroid[zipCode] ?? null };
}
const numbers = (order: { legs: { stop: OrderStop }[] }) => order.legs.map((leg) => leg.stop.number);

describe("the suggested driving order of a day", () => {
  it("measures great-circle miles like the database (Uptown to Ballantyne is about 12 miles)", () => {
    const miles = haversineMiles(centroid["28202"]!, centroid["28277"]!);
    expect(miles).toBeGreaterThan(11.5);
    expect(miles).toBeLessThan(12.5);
    expect(haversineMiles(centroid["28203"]!, centroid["28203"]!)).toBe(0);
  });

  it("has nothing to order on a day without visits", () => {
    expect(suggestDrivingOrder(centroid["28202"]!, [])).toEqual({
      legs: [],
      totalMiles: 0,
      suggestedMiles: 0,
      bookedMiles: 0,
    });
  });

  it("measures one visit from the base", () => {
    const order = suggestDrivingOrder(centroid["28202"]!, [stop(1001, "28203")]);
    expect(numbers(order)).toEqual([1001]);
    const miles = Math.round(haversineMiles(centroid["28202"]!, centroid["28203"]!) * 10) / 10;
    expect(order.legs[0]!.legMiles).toBe(miles);
    expect(order.totalMiles).toBe(miles);
  });

  it("improves on nearest neighbour: the day ends at Cornelius going north instead of doubling back", () => {
    // Nearest neighbour from Uptown goes Dilworth, Montford, Myers Park, SouthPark, Ballantyne, then all the
    // way north to Cornelius (about 44.9 miles). 2-opt and Or-opt find the day that heads south first by Myers
    // Park and comes back north through SouthPark, Montford and Dilworth on the way to Cornelius (41.5).
    const stops = [
      stop(1006, "28031"),
      stop(1005, "28277"),
      stop(1004, "28210"),
      stop(1003, "28209"),
      stop(1002, "28207"),
      stop(1001, "28203"),
    ];
    const order = suggestDrivingOrder(centroid["28202"]!, stops);
    expect(order.legs.map((leg) => leg.stop.zipCode)).toEqual([
      "28207",
      "28277",
      "28210",
      "28209",
      "28203",
      "28031",
    ]);
    const nearest = ["28202", "28203", "28209", "28207", "28210", "28277", "28031"];
    let nearestMiles = 0;
    for (let i = 1; i < nearest.length; i++)
      nearestMiles += haversineMiles(centroid[nearest[i - 1]!]!, centroid[nearest[i]!]!);
    expect(order.suggestedMiles).toBeLessThan(nearestMiles - 3);
    // Booked order is by job number: Dilworth, Myers Park, Montford, SouthPark, Ballantyne, Cornelius.
    expect(order.bookedMiles).toBeGreaterThan(order.suggestedMiles);
    for (const leg of order.legs) expect(leg.legMiles).toBeGreaterThan(0);
    // The total is the sum of the legs as shown, to a tenth.
    const shown = order.legs.reduce((sum, leg) => sum + leg.legMiles!, 0);
    expect(order.totalMiles).toBe(Math.round(shown * 10) / 10);
    // Starting from Cornelius instead, the day runs north to south.
    const fromNorth = suggestDrivingOrder(centroid["28031"]!, stops);
    expect(fromNorth.legs.map((leg) => leg.stop.zipCode)).toEqual([
      "28031",
      "28203",
      "28207",
      "28209",
      "28210",
      "28277",
    ]);
    expect(fromNorth.legs[0]!.legMiles).toBe(0);
  });

  it("keeps the booked order when nothing beats it, so it saves nothing", () => {
    const order = suggestDrivingOrder(centroid["28202"]!, [stop(1001, "28203"), stop(1002, "28209")]);
    expect(numbers(order)).toEqual([1001, 1002]);
    expect(order.suggestedMiles).toBe(order.bookedMiles);
  });

  it("breaks ties by ZIP, then job number: two visits in one ZIP, and two ZIPs equally far", () => {
    const sameZip = suggestDrivingOrder(centroid["28202"]!, [stop(1012, "28203"), stop(1010, "28203")]);
    expect(numbers(sameZip)).toEqual([1010, 1012]);
    expect(sameZip.legs[1]!.legMiles).toBe(0);

    // East and west of the start by the same distance: the lower ZIP first.
    const start = { latitude: 0, longitude: 0 };
    const east = { number: 1, zipCode: "20002", point: { latitude: 0, longitude: 0.1 } };
    const west = { number: 2, zipCode: "20001", point: { latitude: 0, longitude: -0.1 } };
    expect(numbers(suggestDrivingOrder(start, [east, west]))).toEqual([2, 1]);
  });

  it("puts visits whose ZIP has no centroid last, without a leg, and counts nothing for them", () => {
    const order = suggestDrivingOrder(centroid["28202"]!, [
      stop(1003, "99999"),
      stop(1002, "28203"),
      stop(1001, "00000"),
    ]);
    expect(numbers(order)).toEqual([1002, 1001, 1003]);
    expect(order.legs.map((leg) => leg.legMiles === null)).toEqual([false, true, true]);
    expect(order.totalMiles).toBe(order.legs[0]!.legMiles);

    const noneMapped = suggestDrivingOrder(centroid["28202"]!, [stop(2, "99999"), stop(1, "99999")]);
    expect(numbers(noneMapped)).toEqual([1, 2]);
    expect(noneMapped.totalMiles).toBe(0);
  });

  it("without a base point, starts at the first mapped visit in the fixed order, with no first leg", () => {
    const order = suggestDrivingOrder(null, [stop(1003, "28277"), stop(1002, "28210"), stop(1001, "28202")]);
    expect(numbers(order)).toEqual([1001, 1002, 1003]);
    expect(order.legs[0]!.legMiles).toBeNull();
    expect(order.legs[1]!.legMiles).toBeGreaterThan(0);
  });

  it("is the same whatever order the visits arrive in", () => {
    const stops = [
      stop(1001, "28203"),
      stop(1002, "28203"),
      stop(1003, "28207"),
      stop(1004, "28209"),
      stop(1005, "28210"),
      stop(1006, "28277"),
      stop(1007, "28031"),
      stop(1008, "99999"),
      stop(1009, "28202"),
      stop(1010, "28202"),
    ];
    const expected = suggestDrivingOrder(centroid["28202"]!, stops);
    // A fixed pseudo-random shuffle, many times over.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 50; round++) {
      const shuffled = [...stops];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      expect(suggestDrivingOrder(centroid["28202"]!, shuffled)).toEqual(expected);
    }
    expect(numbers(expected).slice(0, 2)).toEqual([1009, 1010]);
    expect(numbers(expected).at(-1)).toBe(1008);
  });
});
