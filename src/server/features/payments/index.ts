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
export {
  atProvider,
  CardDeclinedError,
  type PaymentProvider,
  type ProviderPayment,
  paymentProviderFor,
  StripeProvider,
  TestProcessor,
} from "./providers/index.js";
export { receiptData, receiptPdf } from "./receipt.js";
export { type Mismatch, reconcile } from "./reconcile.js";
// What a job's money may be at each step (settlement/): the consent bound, holds, captures, the payment pass.
export {
  chargeReportedWork,
  refundableCharges,
  refundJob,
  releaseReportedPayment,
} from "./settlement/admin-money.js";
export {
  type ChangedHold,
  dropChangedHold,
  holdChangedPrice,
  queueReleaseOf,
} from "./settlement/changed-price-hold.js";
export {
  chargeablePriceCents,
  chargeTip,
  consentedPriceCents,
  holdJobPrice,
  holdsAtApproval,
  isLateCancel,
  livePayment,
  noCardMessage,
  queueCancellationMoney,
  releaseHold,
} from "./settlement/money.js";
export {
  type PaymentPassOptions,
  type PaymentPassReport,
  runPaymentPass,
  runPayouts,
} from "./settlement/payment-pass.js";
export { alreadyDecided, approveWork } from "./settlement/work-approval.js";
