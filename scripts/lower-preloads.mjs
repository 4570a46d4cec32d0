// A prerendered page paints from its HTML and CSS; its JavaScript only makes the page interactive. React
// Router preloads each module at high priority, so on a slow phone the scripts (about 150 KB) share the
// connection with the render-blocking stylesheet, and Lighthouse's simulation counts every high-priority
// script that loaded before the first paint as blocking it (on /instant-quote: first paint at 2.4 s instead
// of 0.8 s). At low priority the stylesheet goes first and the scripts still load at once, in parallel.
// The SPA fallback (pages that are not prerendered) keeps high priority: there the scripts draw the page.
// See docs/decisions/014-first-screen-files.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const PRELOAD = /<link rel="modulepreload" href=/g;

function* pages(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets") yield* pages(full);
    } else if (entry === "index.html") yield full;
  }
}

export function lowerPrerenderedPreloads(dir) {
  let count = 0;
  for (const file of pages(dir)) {
    const html = readFileSync(file, "utf8");
    const lowered = html.replace(PRELOAD, '<link rel="modulepreload" fetchpriority="low" href=');
    if (lowered !== html) {
      writeFileSync(file, lowered);
      count++;
    }
  }
  console.log(`• Script preloads at low priority on ${count} prerendered pages`);
  return count;
}
