import { describe, expect, it } from "vitest";
import { cookieOf, injectAs, signIn, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";

/** The dashboard's greeting: 'Welcome' in the session sign-up opened, 'Welcome back' after any later sign-in. */
describe("a customer's first visit and their returns", () => {
  const t = useTestApp();
  const profile = async (cookie: string) =>
    (await injectAs(t.app, cookie, "GET", "/api/customer/profile")).json<{ returning: boolean }>();

  it("is a first visit in the session sign-up opened, and a return in every session after a sign-in", async () => {
    const account = await signUp(t.app);
    expect((await profile(account.cookie)).returning).toBe(false);

    const signedIn = await signIn(t.app, account.email, account.password);
    expect(signedIn.statusCode).toBe(200);
    expect((await profile(cookieOf(signedIn.headers["set-cookie"]))).returning).toBe(true);
    // The sign-up session itself is now an earlier visit's: returning there too.
    expect((await profile(account.cookie)).returning).toBe(true);
  });

  it("does not count a failed sign-in as a return", async () => {
    const account = await signUp(t.app);
    expect((await signIn(t.app, account.email, "not-the-password")).statusCode).toBe(401);
    expect((await profile(account.cookie)).returning).toBe(false);
  });
});
