// What other features may use of booking (the linter forbids reaching past this file).
export { capacityOn, type DayCapacity, dayCapacities } from "./capacity.js";
