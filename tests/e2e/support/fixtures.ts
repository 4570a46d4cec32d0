import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { LoginPortal } from "../../../src/shared/accounts";
import type { LandscaperProfileInput } from "../../../src/shared/landscapers";
import type { SessionUser } from "../../../src/shared/session";
import { adminAccount, signInAs, signUpAs } from "./auth";
import { baseURL, desktop, launchBrowser, waitForPath } from "./browser";
import { reviewApplication, saveProfileViaApi } from "./landscaper";

/**
 * Who a signed-in page belongs to:
 * - `customer`: a new, confirmed customer;
 * - `newLandscaper`: a landscaper who has signed up and done nothing else (no profile yet);
 * - `pendingLandscaper`: a landscaper who has saved the onboarding profile, so the application is pending;
 * - `landscaper`: the same, approved by the admin (can see and take jobs in the profile's ZIP codes);
 * - `admin`: the bootstrapped admin.
 */
export type Role = "customer" | "newLandscaper" | "pendingLandscaper" | "landscaper" | "admin";

export interface SignInOptions {
  viewport?: { width: number; height: number };
  /** Another server (a demo or master server of the test's own); the shared test server by default. */
  baseURL?: string;
  /** "allow" lets the service worker run (the offline app's tests); blocked otherwise. */
  serviceWorkers?: "allow" | "block";
  /** Sign in this existing account instead of creating one (e.g. a demo account). */
  existing?: { email: string; password: string };
  /** For a new account: its name, address and password (defaults in support/auth.ts). */
  name?: string;
  email?: string;
  password?: string;
  /** For a new account: false leaves the address unconfirmed (the banner shows). */
  confirm?: boolean;
  /** For pending and approved landscapers: what differs from support/landscaper.ts's profile. */
  profile?: Partial<LandscaperProfileInput>;
}

export interface SignedInAccount {
  name: string;
  email: string;
  password: string;
  user: SessionUser | null;
}

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  account: SignedInAccount;
}

const portals: Record<Role, LoginPortal> = {
  customer: "client",
  newLandscaper: "landscaper",
  pendingLandscaper: "landscaper",
  landscaper: "landscaper",
  admin: "admin",
};

/**
 * One browser for the test file (started before its tests, closed after them with every context it
 * opened). `open` gives a fresh context (its own cookies: one person) and a page in it; `as` gives the same,
 * signed in as a role, so every test signs people in one way.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  /** The admin who approves landscapers for `as("landscaper")`, signed in once per file. */
  let approver: Promise<BrowserContext> | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
  });

  async function signIn(context: BrowserContext, role: Role, options: SignInOptions) {
    if (options.existing || role === "admin") {
      const { email, password } = options.existing ?? adminAccount;
      const user = await signInAs(context, email, password, portals[role]);
      return { name: user.name, email, password, user };
    }
    const { name, email, password, confirm } = options;
    const account = await signUpAs(context, role === "customer" ? "customer" : "landscaper", {
      ...(name === undefined ? {} : { name }),
      ...(email === undefined ? {} : { email }),
      ...(password === undefined ? {} : { password }),
      ...(confirm === undefined ? {} : { confirm }),
    });
    if (role === "pendingLandscaper" || role === "landscaper")
      await saveProfileViaApi(context, { fullName: account.name, ...options.profile });
    if (role === "landscaper") {
      if (options.baseURL) throw new Error('as("landscaper") approves on the shared test server only.');
      approver ??= session.as("admin").then(({ context: admin }) => admin);
      await reviewApplication(await approver, account, "approve");
    }
    return account;
  }

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
    /** A fresh context of its own (one visitor) and a page in it. */
    async open(
      viewport = desktop,
      server: string = baseURL(),
      // The service worker keeps the app's files and answers for them (issue 37): only the tests of the
      // installed, offline app let it run, so the others' request routing sees every request.
      serviceWorkers: "allow" | "block" = "block",
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = session.track(
        await session.browser.newContext({ baseURL: server, viewport, serviceWorkers }),
      );
      return { context, page: await context.newPage() };
    },
    /** A fresh context signed in as `role` (a new account unless `existing` is given) and a page in it. */
    async as(role: Role, options: SignInOptions = {}): Promise<SignedIn> {
      const { context, page } = await session.open(options.viewport, options.baseURL, options.serviceWorkers);
      return { context, page, account: await signIn(context, role, options) };
    },
    /**
     * Opens each of `from` in a fresh page as `who` (a visitor, or a new account of that role) and waits to
     * land on `to`.
     */
    async expectRedirect(who: Role | "visitor", from: string | string[], to: string): Promise<void> {
      for (const path of Array.isArray(from) ? from : [from]) {
        const { page } = who === "visitor" ? await session.open() : await session.as(who);
        await page.goto(path);
        await waitForPath(page, to);
      }
    },
  };
  return session;
}
