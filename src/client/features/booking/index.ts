// What other features may use of booking (the linter forbids reaching past this file).

export { useRequestPros } from "./api/request-pros";
export { AvailabilityForm } from "./components/availability-form";
export { BookAPro, type BookableQuote } from "./components/book-a-pro";
export { BookProDialog } from "./components/book-pro-dialog";
export { RequestOffers } from "./components/request-offers";
