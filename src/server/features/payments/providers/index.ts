// The payment processors behind one interface: the lowest layer of payments, which the job lifecycle may name
// (a job action carries its provider) without reaching the money rules above it.
export {
  atProvider,
  CardDeclinedError,
  type PaymentProvider,
  type ProviderPayment,
} from "./provider.js";
export { paymentProviderFor } from "./select.js";
export { StripeProvider } from "./stripe-provider.js";
export { TestProcessor } from "./test-processor.js";
