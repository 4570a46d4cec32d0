import { formatLongDate, todayInCharlotte } from "../../../../shared/dates";
import { type ApplicationStatus, type DocumentType, documentLabels } from "../../../../shared/landscapers";

export interface ApplicationStanding {
  tone: "info" | "success" | "warning" | "destructive";
  title: string;
  description: string;
}

function names(missing: readonly DocumentType[]): string {
  const titles = missing.map((type) => documentLabels[type].title);
  return titles.length <= 1 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}

/**
 * What the upload page says of the application, from what is true of it: the decision, the files on hand
 * and the submission. "Submitted" is said only of an application that was submitted with its required
 * files; a submission date with files missing (an older record, a file removed since) is not a submission
 * our team can review. Null before anything was submitted, when the button's help says what to do.
 */
export function applicationStanding(options: {
  status: ApplicationStatus;
  submittedAt: string | null;
  missing: readonly DocumentType[];
}): ApplicationStanding | null {
  const { status, submittedAt, missing } = options;
  const isAre = missing.length === 1 ? "is" : "are";
  if (status === "approved")
    return missing.length > 0
      ? {
          tone: "warning",
          title: "Your application is approved",
          description: `${names(missing)} ${isAre} not on file yet. Upload ${missing.length === 1 ? "it" : "them"} here to complete your record.`,
        }
      : {
          tone: "success",
          title: "Your application is approved",
          description: "When a document renews, replace its file here; our team sees the new version.",
        };
  if (status === "denied")
    return {
      tone: "destructive",
      title: "Your application was not approved",
      description: "Our email has the reviewer's notes. Replace the files they mention and submit again.",
    };
  if (missing.length > 0)
    return submittedAt === null
      ? null
      : {
          tone: "warning",
          title: "Not submitted yet",
          description: `${names(missing)} ${isAre} missing, so there is nothing for our team to review. Upload ${missing.length === 1 ? "it" : "them"}, then submit your application.`,
        };
  if (submittedAt === null) return null;
  return {
    tone: "info",
    title: `Application submitted on ${formatLongDate(todayInCharlotte(new Date(submittedAt)))}`,
    description: "Our team is reviewing it. You can replace a file and submit again; we see the new version.",
  };
}
