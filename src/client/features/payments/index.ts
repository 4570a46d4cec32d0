// What other features may use of payments (the linter forbids reaching past this file).
export { cardsQueryOptions, useCards } from "./api/cards";
export { EarningsPanel } from "./components/earnings-panel";
export { PaymentMethodsCard } from "./components/payment-methods-card";
export { TestCardForm } from "./components/test-card-form";
export { TestModeNotice } from "./components/test-mode-notice";
