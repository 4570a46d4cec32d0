import { describe, expect, it } from "vitest";
import { MAX_WAYPOINTS, mapsLegs } from "./maps-link";

const visit = (n: number) => ({ address: `${n} Oak St, Charlotte, NC`, zipCode: "28203" });

describe("the day's Open in Maps link", () => {
  it("goes from the base through each stop in order, the last one the destination", () => {
    const [leg, ...rest] = mapsLegs("600 East Blvd, Charlotte, NC 28203", [1, 2, 3].map(visit));
    expect(rest).toEqual([]);
    expect(leg).toMatchObject({ fromStop: 1, toStop: 3 });
    const url = new URL(leg!.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("origin")).toBe("600 East Blvd, Charlotte, NC 28203");
    expect(url.searchParams.get("waypoints")).toBe(
      "1 Oak St, Charlotte, NC 28203|2 Oak St, Charlotte, NC 28203",
    );
    expect(url.searchParams.get("destination")).toBe("3 Oak St, Charlotte, NC 28203");
    expect(url.searchParams.get("travelmode")).toBe("driving");
  });

  it("has no waypoints for one stop, and no origin without a base (the phone's location)", () => {
    const [leg] = mapsLegs(null, [{ address: "9 Elm St 28209", zipCode: "28209" }]);
    const url = new URL(leg!.url);
    expect(url.searchParams.has("origin")).toBe(false);
    expect(url.searchParams.has("waypoints")).toBe(false);
    expect(url.searchParams.get("destination")).toBe("9 Elm St 28209");
  });

  it("splits a day over nine waypoints into legs that meet at a stop", () => {
    expect(mapsLegs("base", [])).toEqual([]);
    const ten = mapsLegs(
      "base",
      Array.from({ length: 10 }, (_, i) => visit(i + 1)),
    );
    expect(ten).toHaveLength(1);
    expect(new URL(ten[0]!.url).searchParams.get("waypoints")!.split("|")).toHaveLength(MAX_WAYPOINTS);

    const twelve = mapsLegs(
      "base",
      Array.from({ length: 12 }, (_, i) => visit(i + 1)),
    );
    expect(twelve.map((leg) => [leg.fromStop, leg.toStop])).toEqual([
      [1, 10],
      [10, 12],
    ]);
    const second = new URL(twelve[1]!.url).searchParams;
    expect(second.get("origin")).toBe("10 Oak St, Charlotte, NC 28203");
    expect(second.get("waypoints")).toBe("11 Oak St, Charlotte, NC 28203");
    expect(second.get("destination")).toBe("12 Oak St, Charlotte, NC 28203");
  });
});
