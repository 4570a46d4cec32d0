// What other features may use of landscapers (the linter forbids reaching past this file).
export { decideAreaChange, listAreaChanges } from "./area-changes.js";
export { greatCircleMiles, zipDistanceMiles } from "./coverage.js";
export { landscaperNameOf, landscaperNameSql } from "./names.js";
