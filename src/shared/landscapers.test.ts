import { describe, expect, it } from "vitest";
import { landscaperDisplayName } from "./landscapers";

describe("a landscaper's name on every screen", () => {
  it("is the business, then the person, or whichever exists", () => {
    expect(landscaperDisplayName({ businessName: "Queen City Lawn Care", fullName: "Carlos Mendoza" })).toBe(
      "Queen City Lawn Care · Carlos Mendoza",
    );
    expect(landscaperDisplayName({ businessName: null, fullName: "Tasha Williams" })).toBe("Tasha Williams");
    expect(landscaperDisplayName({ businessName: "  ", fullName: "Tasha Williams" })).toBe("Tasha Williams");
    expect(landscaperDisplayName({ businessName: "Solo Mowing", fullName: "" })).toBe("Solo Mowing");
  });
});
