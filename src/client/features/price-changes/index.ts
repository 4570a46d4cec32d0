// A price change before the work (issue 34): what the customers and landscapers features use of it.
export { AskPriceChangeDialog } from "./components/ask-price-change-dialog";
export { CustomerPriceChange } from "./components/customer-price-change";
export { LandscaperPriceChange } from "./components/landscaper-price-change";
export { LeaveNoMarkDialog } from "./components/leave-no-mark-dialog";
export { priceDeclined, shownPriceChange } from "./lib/price-change-text";
