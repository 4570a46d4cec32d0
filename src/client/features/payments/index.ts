// What other features may use of payments (the linter forbids reaching past this file).
export { cardsQueryOptions, useCards } from "./api/cards";
export { CardForm } from "./components/card-form";
export type { CardFormHandle } from "./components/card-form-handle";
export { EarningsPanel } from "./components/earnings-panel";
export { PaymentMethodsCard } from "./components/payment-methods-card";
export { TestModeNotice } from "./components/test-mode-notice";
