// Recurring service (issue 17): what the customers, landscapers and quotes features use of series.
export { BookAgainDialog } from "./components/book-again-dialog";
export {
  CancelSeriesDialog,
  ChangeDayDialog,
  DeclineMoveDialog,
  PauseSeriesDialog,
  RestoreVisitDialog,
  ResumeSeriesDialog,
  WithdrawDayRequestDialog,
} from "./components/customer-series-dialogs";
export { DayRequestsNotice } from "./components/day-requests";
export { FrequencyBadge } from "./components/frequency-badge";
export { FrequencyChoice } from "./components/frequency-choice";
export { LeaveSeriesDialog, MoveVisitDialog } from "./components/landscaper-series-dialogs";
export { WeekdaySelect } from "./components/weekday-select";
export {
  firstOnWeekday,
  movedLine,
  seriesTitle,
  visitDay,
  weekdayOfDate,
} from "./lib/series";
export {
  approvalSummary,
  bookAgainText,
  dayRequestText,
  firstVisitLabel,
  notComingTag,
  pausedBanner,
  requestedDate,
  restoreBlock,
} from "./lib/series-text";
