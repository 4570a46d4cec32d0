import type { Page } from "playwright-core";

/** A signed-in customer as GET /api/session answers it, for tests of how the header and banners show a session. */
export const mockCustomer = {
  id: "u1",
  email: "jane@example.com",
  name: "Jane Porter",
  firstName: "Jane",
  lastName: "Porter",
  role: "customer",
  isAdmin: false,
  isMaster: false,
  landscaperStatus: null,
  impersonatedBy: null,
};

/** Answers /api/session with the given user (the real endpoint is another feature's). */
export async function mockSession(page: Page, user: Record<string, unknown> | null, delayMs = 0) {
  await page.route("**/api/session", async (route) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ user }) });
  });
}
