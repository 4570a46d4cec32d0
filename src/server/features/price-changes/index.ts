// What other features may use of price changes (the linter forbids reaching past this file): the fields the
// job lists show, and whether leaving a job now follows a declined price change (no mark on the record).
export { priceChangesFor } from "./reads.js";
export { declinedOnAssignment, declinedOnSeries } from "./rules.js";
