import { describe, expect, it } from "vitest";
import { haversineMiles, type Point } from "./driving-order.js";
import { improvePath, localSearch, nearestNeighbour, pathMiles } from "./route-search.js";

/** A seeded generator (mulberry32), so the 200 days are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function matrixOf(points: readonly Point[]): number[][] {
  return points.map((a) => points.map((b) => haversineMiles(a, b)));
}

/** Held–Karp for the shortest open path from node 0 through every other node (ending anywhere). */
function optimumMiles(matrix: readonly (readonly number[])[]): number {
  const n = matrix.length - 1;
  const full = (1 << n) - 1;
  // best[mask * n + j]: shortest path from 0 through the set `mask`, ending at node j + 1.
  const best = new Float64Array((full + 1) * n).fill(Number.POSITIVE_INFINITY);
  for (let j = 0; j < n; j++) best[(1 << j) * n + j] = matrix[0]![j + 1]!;
  for (let mask = 1; mask <= full; mask++)
    for (let j = 0; j < n; j++) {
      const here = best[mask * n + j]!;
      if (!(mask & (1 << j)) || here === Number.POSITIVE_INFINITY) continue;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const next = (mask | (1 << k)) * n + k;
        const miles = here + matrix[j + 1]![k + 1]!;
        if (miles < best[next]!) best[next] = miles;
      }
    }
  let answer = Number.POSITIVE_INFINITY;
  for (let j = 0; j < n; j++) answer = Math.min(answer, best[full * n + j]!);
  return answer;
}

describe("the open-path search", () => {
  it("is within 3 % of the optimum on average over 200 seeded Charlotte days of 5–12 stops", () => {
    const random = seeded(2026_11_29);
    // Mecklenburg County's box, roughly: Huntersville to Ballantyne, Mint Hill to the airport.
    const point = (): Point => ({
      latitude: 35.05 + random() * 0.4,
      longitude: -81.0 + random() * 0.35,
    });
    const excess: number[] = [];
    let nearestExcess = 0;
    for (let day = 0; day < 200; day++) {
      const stops = 5 + Math.floor(random() * 8);
      const matrix = matrixOf(Array.from({ length: stops + 1 }, point));
      const booked = Array.from({ length: stops + 1 }, (_, i) => i);
      const optimum = optimumMiles(matrix);
      const found = pathMiles(matrix, improvePath(matrix, booked));
      expect(found).toBeGreaterThanOrEqual(optimum - 1e-9);
      excess.push(found / optimum - 1);
      nearestExcess += pathMiles(matrix, nearestNeighbour(matrix)) / optimum - 1;
    }
    const mean = excess.reduce((a, b) => a + b, 0) / excess.length;
    const worst = Math.max(...excess);
    const optimal = excess.filter((e) => e < 1e-9).length;
    console.info(
      `route search over 200 days: mean excess ${(mean * 100).toFixed(2)} %, worst ${(worst * 100).toFixed(2)} %, ` +
        `optimal on ${optimal} days; nearest neighbour alone: mean ${((nearestExcess / 200) * 100).toFixed(2)} %`,
    );
    expect(mean).toBeLessThanOrEqual(0.03);
  });

  it("undoes a crossing (2-opt) and moves a stray stop (Or-opt)", () => {
    // Four stops on a line east of the start, booked out of order: 0 → 2 → 1 → 3 → 4 crosses back.
    const line = [0, 1, 2, 3, 4].map((x) => ({ latitude: 35, longitude: -81 + x * 0.01 }));
    const matrix = matrixOf(line);
    expect(localSearch(matrix, [0, 2, 1, 3, 4])).toEqual([0, 1, 2, 3, 4]);
    expect(localSearch(matrix, [0, 4, 1, 2, 3])).toEqual([0, 1, 2, 3, 4]);
  });

  it("never returns a path longer than the booked one", () => {
    const random = seeded(7);
    for (let day = 0; day < 50; day++) {
      const matrix = matrixOf(
        Array.from({ length: 9 }, () => ({ latitude: 35 + random() * 0.3, longitude: -81 + random() * 0.3 })),
      );
      const booked = [0, 8, 3, 5, 1, 7, 2, 6, 4];
      expect(pathMiles(matrix, improvePath(matrix, booked))).toBeLessThanOrEqual(
        pathMiles(matrix, booked) + 1e-9,
      );
    }
  });
});
