import { describe, expect, it } from "vitest";
import { OPEN_COUNT_CAP, queueCountText } from "./job-queue";

describe("queueCountText", () => {
  it("shows counts with thousands separators and '1,000+' past the cap, where the server stopped counting", () => {
    expect(queueCountText(0)).toBe("0");
    expect(queueCountText(999)).toBe("999");
    expect(queueCountText(OPEN_COUNT_CAP)).toBe("1,000");
    expect(queueCountText(OPEN_COUNT_CAP + 1)).toBe("1,000+");
    expect(queueCountText(73_844)).toBe("1,000+");
  });
});
