import { describe, expect, it } from "vitest";
import type { JobView } from "../../../../shared/jobs";
import { requestSections } from "./request-sections";

const now = new Date("2026-11-28T17:00:00Z");
const job = (id: string, fields: Partial<JobView>): JobView =>
  ({
    id,
    createdAt: `2026-11-${id.padStart(2, "0")}T12:00:00Z`,
    updatedAt: "2026-11-27T12:00:00Z",
    status: "pending",
    workApprovedAt: null,
    problemReportedAt: null,
    movedFrom: null,
    ...fields,
  }) as JobView;

describe("the customer's request sections", () => {
  it("puts the decisions first, keeps this week's finished cards in view and folds older ones away", () => {
    const { needsYou, current, past } = requestSections(
      [
        job("1", { status: "cancelled", updatedAt: "2026-10-02T12:00:00Z" }),
        job("2", { status: "completed", workApprovedAt: "2026-10-10T12:00:00Z" }),
        job("3", { status: "completed", workApprovedAt: "2026-11-26T12:00:00Z" }),
        job("4", { status: "completed" }),
        job("5", { status: "completed", problemReportedAt: "2026-11-27T12:00:00Z" }),
        job("6", { status: "accepted" }),
        job("7", { status: "scheduled", movedFrom: "2026-12-02" }),
        job("8", { status: "scheduled" }),
        job("9", { status: "pending" }),
        job("10", { status: "cancelled", updatedAt: "2026-11-27T12:00:00Z" }),
      ],
      now,
    );
    expect(needsYou.map((j) => j.id)).toEqual(["6", "4"]);
    expect(current.map((j) => j.id)).toEqual(["10", "9", "8", "7", "5", "3"]);
    expect(past.map((j) => j.id)).toEqual(["2", "1"]);
  });
});
