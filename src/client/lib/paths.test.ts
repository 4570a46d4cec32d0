import { describe, expect, it } from "vitest";
import { withoutTrailingSlashes } from "../../shared/paths";

describe("withoutTrailingSlashes", () => {
  it("drops trailing slashes and keeps the root", () => {
    expect(withoutTrailingSlashes("/about/")).toBe("/about");
    expect(withoutTrailingSlashes("/about///")).toBe("/about");
    expect(withoutTrailingSlashes("/a//b")).toBe("/a//b");
    expect(withoutTrailingSlashes("/")).toBe("/");
    expect(withoutTrailingSlashes("////")).toBe("/");
    expect(withoutTrailingSlashes("")).toBe("/");
  });
});
