import { randomBytes, randomUUID } from "node:crypto";
import { testCards } from "../../../../shared/payments.js";
import * as s from "../../schema.js";
import type { DemoJob } from "../demo-fixtures.js";
import type { DemoContext, DemoCustomer } from "../demo-people.js";

/** The demo customers' saved test cards, at the embedded test processor as in our tables (./demo-payments.ts). */

const HOUR = 60 * 60 * 1000;
const VISA = "4242424242424242";
const MASTERCARD = "5555555555554444";
const AMEX = "378282246310005";

const time = (value: Date | null | undefined) => value?.getTime() ?? 0;

/** An id as the test processor makes them ("pi_test_…"). */
export const providerId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("base64url")}`;

/** A saved card: its payment_method row and its customer's and its own ids at the test processor. */
export type DemoCard = { id: string; customerObject: string; methodObject: string };

/**
 * A saved test card for every customer with jobs: Visa 4242 for most (the demo customer's, as her default),
 * some Mastercards, one American Express, saved before their first booking.
 */
export async function seedCards(
  { tx, rnd, now }: DemoContext,
  customers: DemoCustomer[],
  jobs: DemoJob[],
): Promise<Map<string, DemoCard>> {
  const cards = new Map<string, DemoCard>();
  const paymentCustomers: (typeof s.paymentCustomer.$inferInsert)[] = [];
  const methods: (typeof s.paymentMethod.$inferInsert)[] = [];
  const objects: (typeof s.testProcessorObject.$inferInsert)[] = [];
  const withJobs = customers.filter((c) => jobs.some((j) => j.customerId === c.id));
  withJobs.forEach((c, position) => {
    const number = c === customers[0] ? VISA : position === 6 ? AMEX : position % 4 === 1 ? MASTERCARD : VISA;
    const firstBooking = Math.min(...jobs.filter((j) => j.customerId === c.id).map((j) => time(j.createdAt)));
    const savedAt = new Date(
      Math.min(c.createdAt.getTime() + rnd.int(1, 72) * HOUR, firstBooking - HOUR, now.getTime() - HOUR),
    );
    const card = { id: randomUUID(), customerObject: providerId("cus"), methodObject: providerId("pm") };
    cards.set(c.id, card);
    const saved = {
      brand: testCards[number].brand,
      last4: number.slice(-4),
      expMonth: rnd.int(1, 12),
      expYear: now.getUTCFullYear() + rnd.int(1, 4),
    };
    paymentCustomers.push({
      userId: c.id,
      provider: "test",
      providerCustomerId: card.customerObject,
      createdAt: savedAt,
    });
    methods.push({
      id: card.id,
      userId: c.id,
      provider: "test",
      providerMethodId: card.methodObject,
      ...saved,
      isDefault: true,
      createdAt: savedAt,
    });
    // The test processor's own records, shaped as it writes them (test-processor.ts).
    const customerData = { email: c.email, name: c.name, user: c.id };
    const { outcome } = testCards[number];
    const cardData = { id: card.methodObject, ...saved, customer: card.customerObject, outcome };
    const dates = { createdAt: savedAt, updatedAt: savedAt };
    objects.push(
      { id: card.customerObject, type: "customer", data: customerData, ...dates },
      { id: card.methodObject, type: "card", data: cardData, ...dates },
    );
  });
  if (withJobs.length === 0) return cards;
  await tx.insert(s.paymentCustomer).values(paymentCustomers);
  await tx.insert(s.paymentMethod).values(methods);
  await tx.insert(s.testProcessorObject).values(objects);
  return cards;
}
