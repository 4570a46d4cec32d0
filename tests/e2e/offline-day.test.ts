import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCharlotteClock, todayInCharlotte } from "../../src/shared/dates";
import { fieldTexts } from "../../src/shared/field-texts";
import { expectNoSeriousA11yViolations, screenshotFromTop } from "./support/a11y";
import { okJson, saveTestCard } from "./support/api";
import { mobile } from "./support/browser";
import { asDemoLandscaper, demoLandscaper, startDemoServer } from "./support/demo-server";
import { type SignedIn, useBrowser } from "./support/fixtures";
import { choosePhotos } from "./support/photo-picker";
import { submitQuote } from "./support/quotes";
import type { AppServer } from "./support/server-process";

const proCard = (page: Page, number: number) =>
  page.getByRole("article").filter({ hasText: `JOB-${number}` });

interface Arrival {
  onTheWayAt: string | null;
  arrivedAt: string | null;
  workStartedAt: string | null;
}

/**
 * Issue 37 in the browser: a landscaper on a 375 px phone opens the day online, loses the network, works a
 * visit (On my way → Arrived → photo → Complete), reloads without a network and still has it all, then the
 * network comes back: the customer sees each step at the time it happened, and an action the customer's
 * cancellation overtook says why on the phone.
 */
describe("the landscaper's day without a network", () => {
  const browsing = useBrowser();
  let server: AppServer;
  let customer: SignedIn;
  let pro: SignedIn;

  beforeAll(async () => {
    server = await startDemoServer({ label: "e2e-offline", env: { PAYMENTS_POLL_MS: "500" } });
    customer = await browsing.as("customer", { baseURL: server.baseURL, name: "Olive Offline" });
    pro = await browsing.as("landscaper", { ...asDemoLandscaper(server, mobile), serviceWorkers: "allow" });
    await saveTestCard(customer.context.request);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function bookedToday() {
    const quote = await submitQuote({
      as: customer.context,
      fullName: "Olive Offline",
      email: customer.account.email,
      zipCode: demoLandscaper.zip,
      services: ["lawn-mowing"],
      preferredDate: todayInCharlotte(),
    });
    const accept = { price: 120, scheduledDate: todayInCharlotte() };
    await okJson(await pro.context.request.post(`/api/jobs/${quote.id}/accept`, { data: accept }), "accept");
    await okJson(
      await customer.context.request.post(`/api/jobs/${quote.id}/approve`, { data: {} }),
      "approve",
    );
    return quote;
  }

  const customerArrival = async (id: string) => {
    const jobs = (await okJson(await customer.context.request.get("/api/customer/jobs"), "jobs")) as {
      jobs: { id: string; status: string; arrival: Arrival }[];
    };
    return jobs.jobs.find((job) => job.id === id)!;
  };

  it("works a visit offline, keeps it through a reload, and sends it in order with its own times", async () => {
    await pro.context.setOffline(false);
    const visit = await bookedToday();
    const overtaken = await bookedToday();
    const phone = pro.page;
    await phone.goto("/landscaper-dashboard");
    await proCard(phone, visit.number).waitFor();

    // Installable: Chromium's own checks (the ones Lighthouse's installability audit reported).
    await expect
      .poll(() => phone.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    const cdp = await pro.context.newCDPSession(phone);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // "in-incognito" is the test's throwaway browser profile, not the app: every other check must pass.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual(
      [],
    );
    const manifest = await (await phone.request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ display: "standalone", start_url: "/landscaper-dashboard" });

    // The day is on the phone once opened online.
    await expect
      .poll(
        () =>
          phone.evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                const open = indexedDB.open("greenscape-field");
                open.onsuccess = () => {
                  const db = open.result;
                  if (!db.objectStoreNames.contains("snapshot")) return resolve(false);
                  const read = db.transaction("snapshot").objectStore("snapshot").get("queries");
                  read.onsuccess = () => resolve(Boolean(read.result));
                  read.onerror = () => resolve(false);
                };
                open.onerror = () => resolve(false);
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The customer cancels the second visit while the landscaper has no signal.
    await pro.context.setOffline(true);
    await okJson(
      await customer.context.request.post(`/api/jobs/${overtaken.id}/cancel`, {
        data: { reason: "Plans changed", acceptedFeeCents: 2500 },
      }),
      "cancel",
    );

    const job = proCard(phone, visit.number);
    await job.getByRole("button", { name: "On my way" }).click();
    const onWay = phone.getByRole("dialog", { name: new RegExp(`On your way to JOB-${visit.number}`) });
    await onWay.getByRole("radio", { name: "30 min" }).check();
    await onWay.getByRole("button", { name: "Send" }).click();
    await job.getByText(/On the way · arriving about/).waitFor();
    await job.getByText(`${fieldTexts.queued}: On my way. ${fieldTexts.notToldYet}`).waitFor();
    const setOff = Date.now();

    await job.getByRole("button", { name: "Arrived" }).click();
    await job.getByText(/^Arrived \d/).waitFor();
    const arrived = Date.now();

    await job.getByRole("button", { name: "Mark Complete" }).click();
    const complete = phone.getByRole("dialog", { name: `Complete JOB-${visit.number}` });
    await choosePhotos(phone, complete, 1);
    await complete.getByRole("button", { name: "Upload photos and complete" }).click();
    await job.getByText("Completed", { exact: true }).waitFor();
    await job
      .getByText(`${fieldTexts.queued}: On my way, Arrived, Photos, Mark complete. ${fieldTexts.notToldYet}`)
      .waitFor();

    const other = proCard(phone, overtaken.number);
    await other.getByRole("button", { name: "On my way" }).click();
    const otherWay = phone.getByRole("dialog", {
      name: new RegExp(`On your way to JOB-${overtaken.number}`),
    });
    await otherWay.getByRole("radio", { name: "15 min" }).check();
    await otherWay.getByRole("button", { name: "Send" }).click();
    await other.getByText(`${fieldTexts.queued}: On my way. ${fieldTexts.notToldYet}`).waitFor();

    // A reload without a network: the app, the day and everything queued are still there.
    await phone.reload();
    await phone
      .getByText(/5 actions saved on this phone — will send when you're back online\./)
      .waitFor({ timeout: 20_000 });
    await job
      .getByText(`${fieldTexts.queued}: On my way, Arrived, Photos, Mark complete. ${fieldTexts.notToldYet}`)
      .waitFor();
    await job.getByText("Completed", { exact: true }).waitFor();
    await expect.poll(() => job.getByRole("img").count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(phone, "offline-day-375");
    await screenshotFromTop(phone, "offline-day-375");
    // Nothing reached the server meanwhile.
    expect((await customerArrival(visit.id)).arrival.onTheWayAt).toBeNull();

    // Back online a little later: sent in order, each with the time it happened.
    await phone.waitForTimeout(2000);
    const backOnline = Date.now();
    await pro.context.setOffline(false);
    await job.getByText(fieldTexts.queued, { exact: false }).waitFor({ state: "detached", timeout: 30_000 });
    const sent = await customerArrival(visit.id);
    expect(sent.status).toBe("completed");
    const onTheWayAt = new Date(sent.arrival.onTheWayAt!).getTime();
    const arrivedAt = new Date(sent.arrival.arrivedAt!).getTime();
    expect(onTheWayAt).toBeLessThanOrEqual(setOff);
    expect(arrivedAt).toBeLessThanOrEqual(arrived);
    expect(arrivedAt).toBeGreaterThanOrEqual(onTheWayAt);
    expect(backOnline - arrivedAt).toBeGreaterThan(1500);

    // The phone shows the server's state again: the visit completed, the cancelled one gone from the list.
    await job.getByText("Completed", { exact: true }).waitFor();
    await other.waitFor({ state: "detached", timeout: 30_000 });
    // The overtaken action: refused with the server's reason on the phone, kept until dismissed.
    const refusal = phone
      .getByRole("alert")
      .filter({ hasText: new RegExp(`“On my way” for JOB-${overtaken.number}, Olive at .+ was refused\\.`) });
    await refusal.getByText(/cancelled/).waitFor({ timeout: 30_000 });
    await screenshotFromTop(phone, "offline-refused-375");
    await refusal.getByRole("button", { name: "Dismiss" }).click();
    await refusal.waitFor({ state: "detached" });

    // The customer's screen: the visit completed, its photo there, the arrival at the time it happened.
    const page = customer.page;
    await page.goto("/dashboard/customer");
    const card = page.locator(`[data-testid="job-card"][data-job-number="${visit.number}"]`);
    await card
      .getByRole("button", { name: /^After photo/ })
      .first()
      .waitFor();
    await screenshotFromTop(page, "offline-customer-1280");
    expect(formatCharlotteClock(new Date(arrivedAt))).toMatch(/\d{1,2}:\d{2} [AP]M/);
  });

  it("signing out deletes the phone's copy of the day", async () => {
    const phone = pro.page;
    await pro.context.setOffline(false);
    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.goto("/landscaper-dashboard");
    await phone.getByRole("heading", { name: /Welcome/ }).waitFor();
    const stored = () =>
      phone.evaluate(async () => ({
        databases: (await indexedDB.databases()).map((db) => db.name),
        caches: await caches.keys(),
      }));
    await expect.poll(async () => (await stored()).databases).toContain("greenscape-field");
    await phone.getByRole("button", { name: /Account:/ }).click();
    await phone.getByRole("menuitem", { name: "Logout" }).click();
    await phone.waitForURL((url) => url.pathname === "/");
    const after = await stored();
    expect(after.databases).not.toContain("greenscape-field");
    expect(after.caches).not.toContain("greenscape-photos");
  });
});
