import { describe, expect, it } from "vitest";
import { capacityText } from "./schedule-text";

describe("capacityText", () => {
  it("says the free slots of a working day, Full when none is left, Day off when it is not worked", () => {
    expect(capacityText({ capacity: 4, remaining: 2 })).toBe("2 of 4 slots free");
    expect(capacityText({ capacity: 1, remaining: 1 })).toBe("1 of 1 slot free");
    expect(capacityText({ capacity: 4, remaining: 0 })).toBe("Full");
    expect(capacityText({ capacity: null, remaining: null })).toBe("Day off");
    // Visits booked before the day was taken off still happen: the label does not say the day is empty.
    expect(capacityText({ capacity: null, remaining: null, visits: [{}] })).toBe("Day off (visits booked)");
  });
});
