// What other features may use of pricing (the linter forbids reaching past this file).

export {
  firmPriceAtAccept,
  firmPriceColumns,
  firmPriceOf,
  type PricedAnswers,
  rateCardOn,
  rateCardVersion,
  recordedFirmPrice,
} from "./rate-cards.js";
