// The firm price (issue 34): what the quotes, landscapers, customers and admin features use of pricing.
export { rateCardQueryOptions, useRateCard } from "./api/rate-card";
export { PriceLines } from "./components/price-lines";
