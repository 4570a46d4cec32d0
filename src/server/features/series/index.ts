// What other features may use of series (the linter forbids reaching past this file).

export { runDayRequestLapse } from "./day-requests.js";
export { activateSeries, firstVisitDate, offerSeries, runSeriesPass } from "./generation.js";
export { runLateLockout } from "./late-lockout.js";
export { seriesSummaries } from "./reads.js";
export { reofferSuspendedProVisits } from "./suspension.js";
export { moveOneVisit } from "./visit-moves.js";
