// What other features may use of payments (the linter forbids reaching past this file).
export {
  addTestCard,
  cardRefused,
  cardToCharge,
  listCards,
  removeCard,
  setDefaultCard,
  toCardView,
} from "./cards.js";
export {
  openPayment,
  type PaymentRow,
  type PaymentsDeps,
  type PendingAction,
  performPending,
  performPendingSoon,
  queueAction,
  stalePending,
} from "./charges.js";
export { feesTaken, ledgerTotals, ledgerTotalsCounted, post as postLedger } from "./ledger.js";
export {
  availableBalanceCents,
  createDuePayouts,
  latestRunDate,
  PAYOUT_ATTEMPTS,
  type PayoutSchedule,
  sendDuePayouts,
} from "./payouts.js";
export { atProvider, CardDeclinedError, type PaymentProvider, type ProviderPayment } from "./provider.js";
export { receiptData, receiptPdf } from "./receipt.js";
export { type Mismatch, reconcile } from "./reconcile.js";
export { paymentProviderFor } from "./select.js";
export { StripeProvider } from "./stripe-provider.js";
export { TestProcessor } from "./test-processor.js";
