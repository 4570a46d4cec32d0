// A prerendered page paints from its HTML and CSS; its JavaScript only makes the page interactive. As React
// Router writes it, the page preloads every module and runs them as soon as they arrive, so on a fast
// connection the browser downloads, compiles and hydrates about 500 KB of script before it paints anything,
// and on a slow phone the same work holds the first paint back (Lighthouse's simulation counts every request
// and task before the first paint as delaying it: the list of pros painted at 2.3 s instead of 0.8 s).
//
// Here each prerendered page keeps its module script but as an inert block (type="text/plain"), and a small
// classic script starts it after the first paint: in the first animation frame's following task it adds the
// module preloads and a module script with the same text. A background tab, where no frame is drawn, starts
// it after a second. The inert block's text is still hashed into the page's Content-Security-Policy
// (src/server/plugins/spa.ts hashes every inline script), so the module script made from it may run.
// The SPA fallback (pages that are not prerendered) is left alone: there the scripts draw the page.
// See docs/decisions/014-first-screen-files.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const PRELOAD = /<link rel="modulepreload"(?: fetchpriority="[a-z]+")? href="([^"]+)"\/?>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
export const DEFERRED_ID = "deferred-modules";

function* pages(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets") yield* pages(full);
    } else if (entry === "index.html") yield full;
  }
}

/** The classic script that starts the page's modules once the first frame is painted. */
export function starter(preloads) {
  return [
    "(function(){var d=document,started=false;function start(){if(started)return;started=true;",
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});`,
    `var s=d.createElement("script");s.type="module";s.textContent=d.getElementById("${DEFERRED_ID}").textContent;d.body.appendChild(s)}`,
    "requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000)})()",
  ].join("");
}

/** The page with its module script started after the first paint; the page unchanged when it has none. */
export function paintBeforeScripts(html) {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  return html
    .replace(PRELOAD, "")
    .replace(
      MODULE_SCRIPT,
      () =>
        `<script type="text/plain" id="${DEFERRED_ID}">${module[1]}</script><script>${starter(preloads)}</script>`,
    );
}

export function deferPrerenderedScripts(dir) {
  let count = 0;
  for (const file of pages(dir)) {
    const html = readFileSync(file, "utf8");
    const deferred = paintBeforeScripts(html);
    if (deferred !== html) {
      writeFileSync(file, deferred);
      count++;
    }
  }
  console.log(`• Scripts start after the first paint on ${count} prerendered pages`);
  return count;
}
