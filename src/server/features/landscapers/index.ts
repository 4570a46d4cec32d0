// What other features may use of landscapers (the linter forbids reaching past this file).
export { decideAreaChange, listAreaChanges } from "./area-changes.js";
export { greatCircleMiles, zipDistanceMiles } from "./coverage.js";
export { landscaperNameOf, landscaperNameSql } from "./names.js";
export { liftPause, listPausedLandscapers, pauseLandscaper } from "./pauses.js";
export { insuredOn, runInsuranceWarnings } from "./public-profile.js";
export { ARRIVAL_TRACKING_SINCE, MISSED_EVENT, RELEASED_EVENT, reliabilityOf } from "./reliability.js";
export { findProfile } from "./service.js";
