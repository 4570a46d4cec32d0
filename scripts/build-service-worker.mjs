// The service worker (src/client/sw/service-worker.ts) bundled for the browser, with the list of the built
// app's files it keeps (Workbox's injectManifest): the scripts and styles, the app shell the landscaper's
// screens open from without a network, and the app's icons. Admin-only chunks are left out: a phone in a
// truck does not need the charts. See docs/decisions/027-offline-field-day.md.
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

export async function buildServiceWorker(root, clientDir) {
  const bundled = path.join(root, "build", ".sw-bundle.js");
  await build({
    entryPoints: [path.join(root, "src", "client", "sw", "service-worker.ts")],
    bundle: true,
    format: "iife",
    minify: true,
    target: "es2022",
    outfile: bundled,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: [
      "assets/**/*.{js,css}",
      "__spa-fallback.html",
      "icons/*.png",
      "favicon.svg",
      "manifest.webmanifest",
    ],
    globIgnores: ["assets/admin-*"],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  });
  rmSync(bundled, { force: true });
  for (const warning of warnings) console.warn(`  ! ${warning}`);
  console.log(`• Service worker: ${count} files kept for offline use (${Math.round(size / 1024)} KB)`);
}
