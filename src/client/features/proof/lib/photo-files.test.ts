import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../../../../shared/jobs";
import { photoMessages } from "../../../../shared/proof";
import { addPhotoFiles, photoFileProblem } from "./photo-files";

const jpeg = (name: string, size = 1000) => ({ name, type: "image/jpeg", size });

describe("photoFileProblem", () => {
  it("takes JPEG, PNG and WebP up to 10 MB", () => {
    expect(photoFileProblem({ type: "image/jpeg", size: MAX_PHOTO_BYTES })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: 1 })).toBeNull();
    expect(photoFileProblem({ type: "image/webp", size: 1 })).toBeNull();
  });

  it("refuses other types with the server's message", () => {
    expect(photoFileProblem({ type: "image/gif", size: 1 })).toBe(photoMessages.notImage);
    expect(photoFileProblem({ type: "application/pdf", size: 1 })).toBe(photoMessages.notImage);
    expect(photoFileProblem({ type: "", size: 1 })).toBe(photoMessages.notImage);
  });

  it("refuses a file over 10 MB", () => {
    expect(photoFileProblem({ type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 })).toBe(photoMessages.tooLarge);
  });
});

describe("addPhotoFiles", () => {
  it("appends acceptable files in order", () => {
    const result = addPhotoFiles([jpeg("a")], [jpeg("b"), jpeg("c")], 6);
    expect(result.files.map((f) => f.name)).toEqual(["a", "b", "c"]);
    expect(result.error).toBeNull();
  });

  it("keeps at most `max` and says so", () => {
    const result = addPhotoFiles([jpeg("a"), jpeg("b")], [jpeg("c"), jpeg("d")], 3);
    expect(result.files.map((f) => f.name)).toEqual(["a", "b", "c"]);
    expect(result.error).toBe(photoMessages.tooMany);
  });

  it("leaves out a refused file, keeps the others and names the first problem", () => {
    const big = { name: "big", type: "image/jpeg", size: MAX_PHOTO_BYTES + 1 };
    const gif = { name: "gif", type: "image/gif", size: 10 };
    const result = addPhotoFiles([], [big, jpeg("ok"), gif], 6);
    expect(result.files.map((f) => f.name)).toEqual(["ok"]);
    expect(result.error).toBe(photoMessages.tooLarge);
  });

  it("does not change the current list", () => {
    const current = [jpeg("a")];
    addPhotoFiles(current, [jpeg("b")], 6);
    expect(current).toHaveLength(1);
  });
});
