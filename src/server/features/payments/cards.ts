import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import {
  type AddCardInput,
  addCardSchema,
  type CardView,
  declineFieldHints,
  declineMessages,
  parseExpiry,
} from "../../../shared/payments.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { paymentCustomer, paymentMethod, user } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../lib/errors.js";
import { atProvider, CardDeclinedError, type PaymentProvider, type SavedCard } from "./providers/provider.js";

export type CardRow = typeof paymentMethod.$inferSelect;

export const toCardView = (row: CardRow): CardView => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
});

/** The 402 answer of a refused card: its own code, so the screen puts the message by the card form. */
export function cardRefused(code: keyof typeof declineMessages, typed = false): AppError {
  // A card typed into our form and refused: its fields to change are marked too (declineFieldHints).
  return new AppError(402, "card_declined", declineMessages[code], {
    card: declineMessages[code],
    ...(typed ? declineFieldHints[code] : {}),
  });
}

const live = (userId: string) => and(eq(paymentMethod.userId, userId), isNull(paymentMethod.removedAt));

/** A person's saved cards, the default first. */
export async function listCards(db: DbOrTx, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentMethod)
    .where(live(userId))
    .orderBy(desc(paymentMethod.isDefault), asc(paymentMethod.createdAt));
}

/** The card a booking is held on: the one asked for (if it is theirs), else their default. */
export async function cardToCharge(db: DbOrTx, userId: string, cardId?: string): Promise<CardRow | null> {
  const cards = await listCards(db, userId);
  if (cardId) return cards.find((card) => card.id === cardId) ?? null;
  return cards[0] ?? null;
}

/** The person's customer record at the provider, created the first time they save a card. */
async function providerCustomer(db: Db, provider: PaymentProvider, userId: string): Promise<string> {
  const [existing] = await db
    .select()
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.userId, userId), eq(paymentCustomer.provider, provider.name)));
  if (existing) return existing.providerCustomerId;
  const [person] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) throw notFound("Account not found.");
  // The key is the person: two first cards saved at once make one customer at the provider.
  const created = await atProvider(
    provider.createCustomer({
      userId,
      email: person.email,
      name: person.name,
      idempotencyKey: `customer:${provider.name}:${userId}`,
    }),
  );
  await db
    .insert(paymentCustomer)
    .values({ userId, provider: provider.name, providerCustomerId: created.id })
    .onConflictDoNothing();
  return created.id;
}

/**
 * Saves a card typed into the test processor's form. A refused card answers 402 with the reason and saves
 * nothing.
 */
export async function addTestCard(options: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  input: AddCardInput;
}): Promise<CardRow> {
  const { db, provider, userId } = options;
  if (!provider.saveTestCard) throw conflict("Cards are added through the secure card form.");
  const input = addCardSchema.parse(options.input);
  const { month, year } = parseExpiry(input.expiry);
  const customerId = await providerCustomer(db, provider, userId);
  let saved: SavedCard;
  try {
    saved = await provider.saveTestCard({
      customerId,
      number: input.number,
      expMonth: month,
      expYear: year,
      cvc: input.cvc,
      // Each form submission is its own card; the provider is never asked twice for one submission.
      idempotencyKey: `card:${userId}:${randomUUID()}`,
    });
  } catch (error) {
    if (error instanceof CardDeclinedError) throw cardRefused(error.declineCode, true);
    throw error;
  }
  return recordCard(db, provider, userId, saved);
}

/**
 * Keeps a card the provider saved. The newest card becomes the default: a person adding a card after a
 * refusal means to pay with it (the scheduled pass then retries a hold that failed on the old one).
 */
async function recordCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  saved: SavedCard,
): Promise<CardRow> {
  return db.transaction(async (tx) => {
    await tx.update(paymentMethod).set({ isDefault: false }).where(live(userId));
    const [row] = await tx
      .insert(paymentMethod)
      .values({
        userId,
        provider: provider.name,
        providerMethodId: saved.id,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
        isDefault: true,
      })
      .onConflictDoUpdate({
        target: [paymentMethod.provider, paymentMethod.providerMethodId],
        set: { isDefault: true, removedAt: null },
      })
      .returning();
    return row!;
  });
}

/** Stripe: the SetupIntent the browser's Payment Element confirms (no card number reaches us). */
export async function startCardSetup(options: { db: Db; provider: PaymentProvider; userId: string }) {
  const { db, provider, userId } = options;
  if (!provider.startCardSetup) throw conflict("Cards are typed into the test-mode card form.");
  const customerId = await providerCustomer(db, provider, userId);
  return atProvider(
    provider.startCardSetup({ customerId, idempotencyKey: `card-setup:${userId}:${randomUUID()}` }),
  );
}

/** Stripe: keeps the card a SetupIntent of this person's saved; 402 with the reason when it did not. */
export async function finishCardSetup(options: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  setupIntentId: string;
}): Promise<CardRow> {
  const { db, provider, userId } = options;
  if (!provider.finishCardSetup) throw conflict("Cards are typed into the test-mode card form.");
  const customerId = await providerCustomer(db, provider, userId);
  try {
    const saved = await atProvider(
      provider.finishCardSetup({ customerId, setupIntentId: options.setupIntentId }),
    );
    return recordCard(db, provider, userId, saved);
  } catch (error) {
    if (error instanceof CardDeclinedError) throw cardRefused(error.declineCode);
    throw error;
  }
}

/** Makes one of a person's cards the one bookings are held on. */
export async function setDefaultCard(db: Db, userId: string, cardId: string): Promise<CardRow> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(paymentMethod)
      .where(and(live(userId), eq(paymentMethod.id, cardId)));
    if (!card) throw notFound("Card not found.");
    await tx
      .update(paymentMethod)
      .set({ isDefault: false })
      .where(and(live(userId), ne(paymentMethod.id, cardId)));
    const [updated] = await tx
      .update(paymentMethod)
      .set({ isDefault: true })
      .where(eq(paymentMethod.id, cardId))
      .returning();
    return updated!;
  });
}

/**
 * Removes a saved card. Refused for the last card while a booked visit still needs one (its hold, a capture
 * after the work, a tip), so a booking never loses its way to pay without the person being told.
 */
export async function removeCard(options: {
  db: Db;
  userId: string;
  cardId: string;
  /** Whether the person has a booked visit that still needs a card. */
  needsCard: (tx: DbOrTx) => Promise<boolean>;
}): Promise<void> {
  const { db, userId, cardId } = options;
  await db.transaction(async (tx) => {
    const cards = await listCards(tx, userId);
    const card = cards.find((c) => c.id === cardId);
    if (!card) throw notFound("Card not found.");
    if (cards.length === 1 && (await options.needsCard(tx)))
      throw conflict("This card pays for a booked visit. Add another card before removing it.");
    await tx
      .update(paymentMethod)
      .set({ removedAt: new Date(), isDefault: false })
      .where(eq(paymentMethod.id, cardId));
    if (card.isDefault) {
      const next = cards.find((c) => c.id !== cardId);
      if (next) await tx.update(paymentMethod).set({ isDefault: true }).where(eq(paymentMethod.id, next.id));
    }
  });
}
