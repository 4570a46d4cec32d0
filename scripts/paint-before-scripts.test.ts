import { describe, expect, it } from "vitest";
import { DEFERRED_ID, paintBeforeScripts } from "./paint-before-scripts.mjs";

const moduleText = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-3.js");`;

const page = `<html><head><link rel="modulepreload" fetchpriority="low" href="/assets/framework-4.js"/><link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Hello</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${moduleText}</script></body></html>`;

describe("scripts after the first paint", () => {
  it("keeps the module script's text inert and moves the preloads into the starter", () => {
    const html = paintBeforeScripts(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="text/plain" id="${DEFERRED_ID}">${moduleText}</script>`);
    // The starter names both preloads in page order, and the stylesheet and the page's other script stay.
    expect(html).toContain('["/assets/framework-4.js","/assets/root-2.js"]');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html.indexOf(DEFERRED_ID)).toBeGreaterThan(html.indexOf("<main>"));
  });

  it("leaves a page without a module script (the SPA fallback draws with its scripts) as it is", () => {
    const fallback = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(paintBeforeScripts(fallback)).toBe(fallback);
  });

  it("keeps `$` sequences of the module text as they are", () => {
    const dollars = page.replace(moduleText, () => 'window.x = "$&$1";');
    expect(paintBeforeScripts(dollars)).toContain('window.x = "$&$1";');
  });
});
