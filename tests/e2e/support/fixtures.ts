import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { desktop, launchBrowser, newContext } from "./browser";

/**
 * One browser for the test file (started before its tests, closed after them with every context it
 * opened). `open` gives a fresh context (its own cookies: one person) and a page in it.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
  });
  const session = {
    get browser(): Browser {
      if (!browser) throw new Error("useBrowser(): the browser starts in beforeAll");
      return browser;
    },
    /** Closes `context` with the others after the file. */
    track(context: BrowserContext): BrowserContext {
      contexts.push(context);
      return context;
    },
    async open(viewport = desktop): Promise<{ context: BrowserContext; page: Page }> {
      const context = session.track(await newContext(session.browser, viewport));
      return { context, page: await context.newPage() };
    },
  };
  return session;
}
