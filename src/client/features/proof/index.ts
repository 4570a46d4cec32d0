// What other features may use of proof (photos, arrival, disputes); the linter forbids reaching past this file.
export { postJob, useJobChange } from "./api/job-change";
export { useDeletePhoto, useUploadPhotos } from "./api/photos";
export {
  CustomerDisputePanel,
  LandscaperDisputePanel,
} from "./components/dispute-panels";
export { PhotoGallery } from "./components/photo-gallery";
export { PhotoPicker } from "./components/photo-picker";
export { ReportProblemDialog } from "./components/report-problem-dialog";
export { VisitStatus } from "./components/visit-status";
export { dialogFailure, VisitStepAction } from "./components/visit-steps";
export { useUploadProgress } from "./hooks/use-upload-progress";
export { useUploadThen } from "./hooks/use-upload-then";
export { resolutionText } from "./lib/dispute";
export { visitStepOpen } from "./lib/visit";
