// The booking confirmation for other features (an instant booking sends the same email as an approval). An
// entry of its own, not ../index.ts: it reads payments and series, which build on the jobs core that
// ../index.ts exports, so exporting it there would make a cycle.
export { queueBookingConfirmation } from "../booking-confirmation.js";
