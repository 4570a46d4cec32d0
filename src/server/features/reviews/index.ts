// What other features may use of reviews (the linter forbids reaching past this file): the rules the
// customer's rating runs inside its own transaction (jobs/customer-actions.ts), and the readers every screen
// that shows reviews uses: the job cards, the pro choice and offers, and the public profiles.
export { assertAllStars, isCharged, reviewPlan, writeReview } from "./customer-review.js";
export { customerAverages, type JobReviewExtras, jobReviews, reviewSummaries } from "./reads.js";
export { toReviewView } from "./views.js";
