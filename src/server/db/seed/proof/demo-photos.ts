import sharp from "sharp";
import { THUMB_EDGE } from "../../../../shared/proof.js";
import type { Storage } from "../../../lib/storage.js";
import { random } from "../demo-fixtures.js";

/**
 * The demo's proof-of-work photos: real JPEGs drawn here (no image files in the repository), stored through
 * the app's Storage as an upload is (src/server/features/proof/photos.ts): job-photos/<job>/<photo>.jpg at
 * 1200×900 plus a 400 px -thumb.jpg. A lawn seen from the house: a fence at the back, mowing stripes that
 * widen towards the camera, grain; 'overgrown' before the work, 'unfinished' with a strip left unmown,
 * 'damaged' with a bed cut back to the soil. Each is drawn at a quarter of the size and enlarged (the
 * enlargement softens the grain into something like grass, and keeps the drawing cheap).
 */

export type DemoLook = "overgrown" | "mowed" | "unfinished" | "damaged";
export interface DemoPicture {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}
export type DemoPictures = Record<DemoLook, DemoPicture[]>;

const WIDTH = 1200;
const HEIGHT = 900;
const SCALE = 4;
/** How many different pictures of each look the demo uses (5 'after' photos over three jobs). */
const counts: Record<DemoLook, number> = { overgrown: 1, mowed: 5, unfinished: 1, damaged: 1 };

/** Draws one picture's pixels (RGB, WIDTH/SCALE × HEIGHT/SCALE), the same for the same look and seed. */
function draw(look: DemoLook, seed: number): Buffer {
  const w = WIDTH / SCALE;
  const h = HEIGHT / SCALE;
  const rnd = random(seed);
  const pixels = Buffer.alloc(w * h * 3);
  const horizon = Math.round(h * (0.13 + rnd.next() * 0.05));
  const band = 16 + rnd.int(0, 8);
  const vanish = w * (0.3 + rnd.next() * 0.4);
  const plank = 7 + rnd.int(0, 2);
  for (let y = 0; y < h; y++) {
    // 0 at the fence, 1 at the bottom edge: nearer grass is darker, larger and grainier.
    const near = (y - horizon) / (h - horizon);
    for (let x = 0; x < w; x++) {
      const noise = rnd.next() - 0.5;
      let r: number;
      let g: number;
      let b: number;
      if (y < horizon) {
        // The fence: weathered planks with dark gaps.
        const gap = x % plank === 0;
        const shade = gap ? 0.55 : 0.9 + ((Math.floor(x / plank) * 37) % 11) / 60;
        r = 150 * shade + noise * 20;
        g = 118 * shade + noise * 16;
        b = 84 * shade + noise * 12;
      } else {
        // Stripes converge on a point above the fence, so they widen towards the camera.
        const spread = (x - vanish) / (0.35 + near * 0.65);
        const light = Math.floor((spread + 4000) / band) % 2 === 0;
        const depth = 1.08 - near * 0.22;
        const grain = noise * (14 + near * 26);
        const mown = look === "mowed" || look === "damaged" || (look === "unfinished" && spread < band * 1.5);
        if (mown) {
          r = (light ? 92 : 60) * depth + grain * 0.6;
          g = (light ? 158 : 120) * depth + grain;
          b = (light ? 64 : 44) * depth + grain * 0.4;
        } else {
          // Long grass: no stripes, yellower, with seed heads catching the light.
          const tuft = rnd.chance(0.04) ? 38 : 0;
          r = 96 * depth + grain * 1.4 + tuft;
          g = 124 * depth + grain * 1.6 + tuft;
          b = 52 * depth + grain * 0.6;
        }
        if (look === "damaged") {
          // A bed by the path, cut back to bare soil and mulch.
          const dx = (x - w * 0.68) / (w * 0.2);
          const dy = (y - h * 0.72) / (h * 0.13);
          if (dx * dx + dy * dy < 1 + noise * 0.2) {
            const stem = rnd.chance(0.05) ? 30 : 0;
            r = 104 + grain + stem * 0.3;
            g = 78 + grain * 0.8 + stem;
            b = 52 + grain * 0.6;
          }
        }
      }
      const i = (y * w + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r));
      pixels[i + 1] = Math.max(0, Math.min(255, g));
      pixels[i + 2] = Math.max(0, Math.min(255, b));
    }
  }
  return pixels;
}

async function render(look: DemoLook, seed: number): Promise<DemoPicture> {
  const raw = { width: WIDTH / SCALE, height: HEIGHT / SCALE, channels: 3 as const };
  const source = sharp(draw(look, seed), { raw });
  const [full, thumb] = await Promise.all([
    source.clone().resize(WIDTH, HEIGHT, { kernel: "cubic" }).jpeg({ quality: 80 }).toBuffer(),
    source
      .clone()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: "inside", kernel: "cubic" })
      .jpeg({ quality: 75 })
      .toBuffer(),
  ]);
  return { full, thumb, width: WIDTH, height: HEIGHT };
}

/**
 * Draws every picture the demo uses: about 100–150 ms, done before the seed's transaction opens (so it is
 * not held open meanwhile; run alongside the database work it only slowed both down). Deterministic: the
 * same pictures every time.
 */
export async function renderDemoPictures(): Promise<DemoPictures> {
  const looks = Object.keys(counts) as DemoLook[];
  const rendered = await Promise.all(
    looks.map((look, l) =>
      Promise.all(Array.from({ length: counts[look] }, (_, n) => render(look, 16_000 + l * 100 + n))),
    ),
  );
  return Object.fromEntries(looks.map((look, l) => [look, rendered[l]!])) as DemoPictures;
}

/**
 * Where the seed's photos go: the app's storage, the pictures drawn, and the keys written so far (a seed
 * that fails removes them again, as a failed upload does).
 */
export interface DemoPhotoStore {
  storage: Storage;
  pictures: DemoPictures;
  written: string[];
}

export async function demoPhotoStore(storage: Storage): Promise<DemoPhotoStore> {
  return { storage, pictures: await renderDemoPictures(), written: [] };
}
