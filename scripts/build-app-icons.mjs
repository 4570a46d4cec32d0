// The installed app's icons (public/manifest.webmanifest), drawn from the favicon at build time: 192 and
// 512 px as the manifest's "any" icons, the same on a full-bleed background with the mark inside the 80 %
// safe zone as "maskable" (Android crops those to its own shape), and 180 px for iOS's home screen.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const BRAND = "#166534";

export async function buildAppIcons(root, clientDir) {
  const svg = readFileSync(path.join(root, "public", "favicon.svg"));
  const dir = path.join(clientDir, "icons");
  mkdirSync(dir, { recursive: true });
  const plain = (size, file) =>
    sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toFile(path.join(dir, file));
  const maskable = async (size, file) => {
    const inner = Math.round(size * 0.7);
    const mark = await sharp(svg, { density: (72 * inner) / 32 })
      .resize(inner, inner)
      .png()
      .toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
      .composite([{ input: mark, gravity: "center" }])
      .png()
      .toFile(path.join(dir, file));
  };
  await Promise.all([
    plain(192, "icon-192.png"),
    plain(512, "icon-512.png"),
    plain(180, "apple-touch-icon.png"),
    maskable(192, "maskable-192.png"),
    maskable(512, "maskable-512.png"),
  ]);
  console.log("• App icons drawn (192, 512, maskable 192 and 512, Apple 180)");
}
