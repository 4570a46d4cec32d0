import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customer } from "../../db/schema.js";
import { cookieOf, signIn, signUp } from "../../test/accounts-helpers.js";
import { useTestApp } from "../../test/build-test-app.js";
import { onboardingRequiredMessages } from "../../test/customer-messages.js";
import { expectFieldErrors } from "../../test/field-errors.js";

const valid = {
  fullName: "Casey Client",
  streetAddress: "600 East Blvd",
  city: "Charlotte",
  state: "NC",
  zipCode: "28203",
  phoneNumber: "704-555-0100",
  propertyType: "commercial",
};

describe("customer profile (client onboarding)", () => {
  const t = useTestApp();

  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PUT", url: "/api/customer/profile", headers: { cookie }, payload });
  const get = (cookie: string) => t.app.inject({ url: "/api/customer/profile", headers: { cookie } });
  const rows = async (userId: string) =>
    (await t.database.db.select({ n: count() }).from(customer).where(eq(customer.userId, userId)))[0]!.n;

  it("answers no profile before onboarding, with when this session started", async () => {
    const account = await signUp(t.app);
    const response = await get(account.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.profile).toBeNull();
    expect(Math.abs(Date.now() - Date.parse(body.signedInAt))).toBeLessThan(60_000);
  });

  it("answers every onboarding message (after trimming) and stores nothing", async () => {
    const account = await signUp(t.app);
    const response = await put(account.cookie, {
      fullName: "  ",
      streetAddress: "",
      city: " ",
      state: "",
      zipCode: "  ",
      phoneNumber: "",
    });
    expectFieldErrors(response, onboardingRequiredMessages);
    const missing = await put(account.cookie, {});
    expect(Object.values(missing.json().error.fields)).toEqual(Object.values(onboardingRequiredMessages));
    expect(await rows(account.id)).toBe(0);
  });

  it("refuses a malformed ZIP code and an unknown property type", async () => {
    const account = await signUp(t.app);
    const response = await put(account.cookie, { ...valid, zipCode: "2820A", propertyType: "castle" });
    expect(response.json().error.fields).toEqual({
      zipCode: "Please enter a valid 5-digit ZIP code.",
      propertyType: "Choose Residential or Commercial.",
    });
  });

  it("creates the profile (residential by default), then updates the same row", async () => {
    const account = await signUp(t.app);
    const { propertyType: _omitted, ...withoutType } = valid;
    const created = await put(account.cookie, { ...withoutType, fullName: "  Casey  Client " });
    expect(created.statusCode).toBe(200);
    expect(created.json().profile).toMatchObject({
      ...withoutType,
      fullName: "Casey  Client",
      propertyType: "residential",
    });

    const updated = await put(account.cookie, { ...valid, city: "Matthews", zipCode: "28105" });
    expect(updated.json().profile).toMatchObject({
      city: "Matthews",
      zipCode: "28105",
      propertyType: "commercial",
    });
    expect(await rows(account.id)).toBe(1);

    const read = await get(account.cookie);
    expect(read.json().profile).toEqual(updated.json().profile);
  });

  it("keeps each customer's profile to themselves", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await put(first.cookie, valid);
    expect((await get(second.cookie)).json().profile).toBeNull();
  });

  it("a new sign-in starts a new session time", async () => {
    const account = await signUp(t.app);
    const before = (await get(account.cookie)).json().signedInAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await signIn(t.app, account.email, account.password);
    const after = (await get(cookieOf(again.headers["set-cookie"]))).json().signedInAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it("is for customers only: visitors 401, landscapers 403", async () => {
    expect((await t.app.inject({ url: "/api/customer/profile" })).statusCode).toBe(401);
    const landscaper = await signUp(t.app, { role: "landscaper" });
    expect((await get(landscaper.cookie)).statusCode).toBe(403);
    expect((await put(landscaper.cookie, valid)).statusCode).toBe(403);
    expect(await rows(landscaper.id)).toBe(0);
  });
});
