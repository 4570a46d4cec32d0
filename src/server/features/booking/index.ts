// What other features may use of booking (the linter forbids reaching past this file).
export { capacityOn, type DayCapacity, dayCapacities } from "./capacity.js";
export { runEscalation } from "./escalation.js";
export { runReoffers } from "./reoffer.js";
