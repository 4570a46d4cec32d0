import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { BrowserContext, Cookie, Page } from "playwright-core";
import { inject } from "vitest";
import type { LoginPortal } from "../../../src/shared/accounts";
import type { SessionResponse, SessionUser } from "../../../src/shared/session";
import { dataDirOf } from "./server-process";

/**
 * Reusable account helpers for browser tests: create users through the real API, sign a browser context
 * in by role, read the session, and fetch emails the dev mail worker writes as .eml files.
 */

/** Bootstrapped by the global setup (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const adminAccount = { email: "admin@e2e.test", password: "e2e-admin-password" } as const;

export const defaultPassword = "garden-pass-123";

export type SignUpRole = "customer" | "landscaper";

export interface TestAccount {
  role: SignUpRole;
  name: string;
  email: string;
  password: string;
  user: SessionUser | null;
}

let counter = 0;

/** An address no other test uses, e.g. `client-1712345678901-3@e2e.test`. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}

function accountInput(role: SignUpRole, overrides: Partial<Omit<TestAccount, "role" | "user">> = {}) {
  const email = overrides.email ?? uniqueEmail(role === "customer" ? "client" : "landscaper");
  const name = overrides.name ?? (role === "customer" ? "Casey Client" : "Lee Landscaper");
  const password = overrides.password ?? defaultPassword;
  return { role, name, email, password };
}

/** Turns Set-Cookie headers into cookies `context.addCookies()` accepts. */
export function cookiesFromSetCookie(baseURL: string, setCookies: string[]): Cookie[] {
  const { hostname } = new URL(baseURL);
  return setCookies.map((header) => {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    const flags = new Map(
      attributes.map((attribute) => {
        const [key = "", ...rest] = attribute.split("=");
        return [key.toLowerCase(), rest.join("=")] as const;
      }),
    );
    const sameSite = (flags.get("samesite") ?? "lax").toLowerCase();
    const maxAge = flags.get("max-age");
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      domain: hostname,
      path: flags.get("path") || "/",
      expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge) : -1,
      httpOnly: flags.has("httponly"),
      secure: flags.has("secure"),
      sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
    };
  });
}

async function postJson(baseURL: string, pathname: string, body: unknown) {
  const response = await fetch(new URL(pathname, baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { response, json, cookies: cookiesFromSetCookie(baseURL, response.headers.getSetCookie()) };
}

/**
 * Creates an account through POST /api/auth/sign-up/email, outside any browser. Answers the account
 * and its session cookies (add them to a context to be signed in there).
 */
export async function signUpViaApi(
  baseURL: string,
  options: { role: SignUpRole; confirm?: boolean } & Partial<Omit<TestAccount, "role" | "user">>,
): Promise<TestAccount & { cookies: Cookie[] }> {
  const input = accountInput(options.role, options);
  const { response, json, cookies } = await postJson(baseURL, "/api/auth/sign-up/email", {
    ...input,
    confirmPassword: input.password,
  });
  if (!response.ok) throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(json)}`);
  const user = (json as unknown as SessionResponse).user;
  if (options.confirm !== false) await confirmEmailViaLink(baseURL, input.email);
  return { ...input, user: user && { ...user, emailVerified: options.confirm !== false }, cookies };
}

/**
 * Opens the confirmation link of the welcome email the server wrote for `email` (its .eml file) and confirms
 * the address the way the /verify-email page does: most tests are about confirmed accounts.
 */
export async function confirmEmailViaLink(baseURL: string, email: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const dataDir =
    dataDirOf(origin) ?? (origin === new URL(inject("baseURL")).origin ? inject("dataDir") : undefined);
  if (!dataDir) throw new Error(`No data folder known for ${origin}: start it with startAppServer.`);
  const mail = await waitForEmail(dataDir, { to: email, subject: /^Welcome/ });
  const link = mail.links.find((url) => url.includes("/verify-email?token="));
  if (!link) throw new Error(`The welcome email to ${email} carries no confirmation link.`);
  const token = new URL(link).searchParams.get("token");
  const { response, json } = await postJson(baseURL, "/api/auth/verify-email", { token });
  if (!response.ok)
    throw new Error(`confirming ${email} failed (${response.status}): ${JSON.stringify(json)}`);
}

/** Signs in outside any browser; answers the user and the session cookies. */
export async function signInViaApi(
  baseURL: string,
  email: string,
  password: string,
  portal: LoginPortal = "client",
): Promise<{ status: number; user: SessionUser | null; cookies: Cookie[] }> {
  const { response, json, cookies } = await postJson(baseURL, "/api/auth/sign-in/email", {
    email,
    password,
    portal,
  });
  return {
    status: response.status,
    user: response.ok ? (json as unknown as SessionResponse).user : null,
    cookies,
  };
}

/** Signs a browser context in (its request API shares the context's cookie jar). */
export async function signInAs(
  context: BrowserContext,
  email: string,
  password: string,
  portal: LoginPortal = "client",
): Promise<SessionUser> {
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password, portal },
  });
  if (!response.ok()) throw new Error(`sign-in failed (${response.status()}): ${await response.text()}`);
  const body = (await response.json()) as SessionResponse;
  if (!body.user) throw new Error("sign-in answered no user");
  return body.user;
}

/** Creates a fresh account of `role` and leaves `context` signed in as it. */
export async function signUpAs(
  context: BrowserContext,
  role: SignUpRole,
  overrides: Partial<Omit<TestAccount, "role" | "user">> & { confirm?: boolean } = {},
): Promise<TestAccount> {
  const input = accountInput(role, overrides);
  const response = await context.request.post("/api/auth/sign-up/email", {
    data: { ...input, confirmPassword: input.password },
  });
  if (!response.ok()) throw new Error(`sign-up failed (${response.status()}): ${await response.text()}`);
  const body = (await response.json()) as SessionResponse;
  const baseURL = new URL(response.url()).origin;
  if (overrides.confirm !== false) await confirmEmailViaLink(baseURL, input.email);
  return { ...input, user: body.user && { ...body.user, emailVerified: overrides.confirm !== false } };
}

/** Signs `context` in as the bootstrapped admin. */
export function signInAsAdmin(context: BrowserContext): Promise<SessionUser> {
  return signInAs(context, adminAccount.email, adminAccount.password, "admin");
}

/** Who the server thinks `context` is (GET /api/session). */
export async function sessionUserOf(context: BrowserContext): Promise<SessionUser | null> {
  const response = await context.request.get("/api/session");
  return ((await response.json()) as SessionResponse).user;
}

/** Fills the sign-up form (/signup, /register/…) the way a user would; Confirm Password repeats the password. */
export async function fillSignUp(
  page: Page,
  values: { name: string; email: string; password: string; confirmPassword?: string },
) {
  await page.getByLabel("Full Name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm Password").fill(values.confirmPassword ?? values.password);
}

/** Fills and submits a sign-in form (client, landscaper or admin login page) the way a user would. */
export async function signInThroughForm(
  page: Page,
  options: { path?: string; email: string; password: string },
): Promise<void> {
  await page.goto(options.path ?? "/login/client");
  await page.getByLabel("Email").fill(options.email);
  await page.getByLabel("Password", { exact: true }).fill(options.password);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
}

export interface ReceivedEmail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * Waits for an email to `to` written after `since` under `${dataDir}/mail` (the dev mail worker writes
 * one .eml per message, polling every ~2 s) and answers the newest one.
 */
export async function waitForEmail(
  dataDir: string,
  options: { to: string; since?: number; subject?: RegExp; timeoutMs?: number },
): Promise<ReceivedEmail> {
  const mailDir = path.join(dataDir, "mail");
  const since = options.since ?? 0;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    const candidates: { file: string; mtime: number }[] = [];
    for (const name of names) {
      if (!name.endsWith(".eml") || seen.has(name)) continue;
      const file = path.join(mailDir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs >= since) candidates.push({ file, mtime: mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const mail = await simpleParser(await readFile(file));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text).join(", ");
      if (!to.toLowerCase().includes(options.to.toLowerCase())) {
        seen.add(path.basename(file));
        continue;
      }
      if (options.subject && !options.subject.test(mail.subject ?? "")) {
        seen.add(path.basename(file));
        continue;
      }
      const text = mail.text ?? "";
      const links = [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0]);
      return { file, to, subject: mail.subject ?? "", text, links };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email to ${options.to} arrived in ${mailDir}.`);
}
