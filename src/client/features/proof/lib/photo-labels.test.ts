import { describe, expect, it } from "vitest";
import type { JobPhoto } from "../../../../shared/proof";
import { orderPhotos, photoLabel, photoName, photosOf } from "./photo-labels";

function photo(id: string, kind: JobPhoto["kind"], visit: number, uploadedAt: string): JobPhoto {
  return {
    id,
    kind,
    visit,
    takenAt: null,
    uploadedAt,
    width: 2048,
    height: 1536,
    thumbUrl: `/t/${id}`,
    fullUrl: `/f/${id}`,
  };
}

const photos = [
  photo("p1", "problem", 1, "2026-11-26T20:00:00.000Z"),
  photo("a2", "after", 2, "2026-11-28T16:00:00.000Z"),
  photo("a1b", "after", 1, "2026-11-26T16:05:00.000Z"),
  photo("a1a", "after", 1, "2026-11-26T16:00:00.000Z"),
  photo("b1", "before", 1, "2026-11-26T15:00:00.000Z"),
];

describe("orderPhotos", () => {
  it("sorts by kind, then visit, then upload time", () => {
    expect(orderPhotos(photos).map((p) => p.id)).toEqual(["b1", "a1a", "a1b", "a2", "p1"]);
  });
  it("puts photos of one upload in the same order whatever order they arrive in", () => {
    const at = "2026-11-26T19:56:00.000Z";
    const batch = [
      { ...photo("x2", "after", 1, at), takenAt: "2026-11-26T19:53:00.000Z" },
      { ...photo("x1", "after", 1, at), takenAt: "2026-11-26T19:51:00.000Z" },
      photo("y2", "after", 1, at),
      photo("y1", "after", 1, at),
    ];
    const expected = ["y1", "y2", "x1", "x2"];
    expect(orderPhotos(batch).map((p) => p.id)).toEqual(expected);
    expect(orderPhotos([...batch].reverse()).map((p) => p.id)).toEqual(expected);
  });
});

describe("photoLabel and photoName", () => {
  it("mark a redo visit's photos and say when each was taken", () => {
    expect(photoLabel({ kind: "after", visit: 1 })).toBe("After");
    expect(photoLabel({ kind: "after", visit: 2 })).toBe("After · redo visit");
    expect(photoName({ ...photos[3]!, takenAt: "2026-11-26T15:42:00.000Z" }, 1, 3)).toBe(
      "After photo 2 of 3, taken Nov 26, 10:42 AM",
    );
    expect(photoName(photos[4]!, 0, 1)).toBe("Before photo 1 of 1, uploaded Nov 26, 10:00 AM");
  });
});

describe("photosOf", () => {
  it("keeps one kind of one visit", () => {
    expect(photosOf(photos, "after", 1).map((p) => p.id)).toEqual(["a1b", "a1a"]);
    expect(photosOf(undefined, "after", 1)).toEqual([]);
  });
});
