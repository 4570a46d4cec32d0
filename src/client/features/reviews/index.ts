// What other features may use of reviews (the linter forbids reaching past this file): the reviews' pieces
// every screen that shows them uses (job cards, the pro choice, offers, the public profiles, the admin area).
export { CustomerAverageLine, customerAverageText } from "./components/customer-average-line";
export { CustomerReviewPanel } from "./components/customer-review-panel";
export { LandscaperReviewPanel } from "./components/landscaper-review-panel";
export { ReportReviewDialog } from "./components/report-review-dialog";
export { ReportedReviewsPanel } from "./components/reported-reviews-panel";
export { ReviewCard } from "./components/review-card";
export { ReviewSummaryLine } from "./components/review-summary-line";
export { StarField, Stars } from "./components/stars";
