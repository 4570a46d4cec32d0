import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../../../../shared/jobs";
import { estimateOf, photoMessages, photoProblem } from "../../../../shared/quotes";
import { services } from "../../../../shared/services";

describe("the instant estimate", () => {
  it("is nothing until a service is ticked", () => {
    expect(estimateOf(services, [])).toBeNull();
  });

  it("adds the low ends and the high ends of the ticked services", () => {
    expect(estimateOf(services, ["lawn-mowing"])).toEqual({ lowCents: 5000, highCents: 7500 });
    expect(estimateOf(services, ["lawn-mowing", "leaf-removal"])).toEqual({
      lowCents: 14000,
      highCents: 21500,
    });
  });

  it("uses the price table it is given and ignores unknown ids", () => {
    const table = [{ id: "lawn-mowing", lowCents: 100, highCents: 200 }];
    expect(estimateOf(table, ["lawn-mowing", "pool-cleaning"])).toEqual({ lowCents: 100, highCents: 200 });
  });
});

describe("the photo check in the browser", () => {
  it("accepts an image the server can read, up to 10 MB", () => {
    expect(photoProblem({ type: "image/png", size: 1024 })).toBeNull();
    expect(photoProblem({ type: "image/webp", size: MAX_PHOTO_BYTES })).toBeNull();
  });

  it("refuses HEIC before the upload: the server cannot decode it to remove its metadata", () => {
    expect(photoProblem({ type: "image/heic", size: 1024 })).toBe(photoMessages.heic);
  });

  it("refuses other types and larger files with the server's messages", () => {
    expect(photoProblem({ type: "application/pdf", size: 10 })).toBe(photoMessages.notAnImage);
    expect(photoProblem({ type: "", size: 10 })).toBe(photoMessages.notAnImage);
    expect(photoProblem({ type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 })).toBe(photoMessages.tooLarge);
  });
});
