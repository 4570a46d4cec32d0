import { CircleX, ExternalLink, FileText } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { type ApplicationView, adminMessages } from "../../../../shared/admin";
import { documentLabels, travelRadiusLabel } from "../../../../shared/landscapers";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api-client";
import { focusRing } from "../../../lib/styles";
import { toast } from "../../../lib/toast";
import { cn } from "../../../lib/utils";
import { useReviewApplication } from "../api/admin-api";
import { formatDate } from "../lib/format";
import { ApproveApplicationDialog } from "./approve-application-dialog";
import { ContactLink } from "./contact-link";
import { InsuranceExpiryField } from "./insurance-expiry-field";
import { PausedBadge, ReliabilityGrid } from "./reliability-figures";
import { UserStatusBadge } from "./status-badges";

const decidedLabel: Record<ApplicationView["status"], string> = {
  approved: "Approved",
  denied: "Denied",
  pending: "Reviewed",
};

/** One application: contact details, service area, documents, the reviewer's notes and the decision. */
/** One fact of the application in the card's two-column list: its name over its value. */
function Fact({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-slate-500">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

export function ApplicationCard({ application }: { application: ApplicationView }) {
  const [draft, setNotes] = useState(application.adminNotes ?? "");
  const review = useReviewApplication();
  const notesId = useId();
  const pendingDecision = review.isPending ? review.variables?.decision : null;
  const decided = application.status !== "pending";
  // Only an undecided application's notes can be edited; a decided one keeps what was saved.
  const notes = decided ? (application.adminNotes ?? "") : draft;

  // Approval asks first, in its dialog (the documents, an override's reason); a denial or a revocation is
  // one click, as it sends no one to customers.
  const deny = async () => {
    try {
      const answer = await review.mutateAsync({
        userId: application.userId,
        decision: "deny",
        notes,
        expectedStatus: application.status,
      });
      toast({ title: answer.message, variant: "success" });
    } catch (error) {
      toast({
        title: adminMessages.denyFailed,
        ...(error instanceof ApiError ? { description: error.message } : {}),
        variant: "destructive",
      });
    }
  };

  return (
    <article
      aria-labelledby={`${notesId}-name`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={`${notesId}-name`}
            className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900"
          >
            {application.fullName}
          </h3>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
            {application.businessName ?? "No business name"}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <UserStatusBadge status={application.status} />
          {application.pausedAt ? <PausedBadge linked /> : null}
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label="Email" className="col-span-2">
          <ContactLink kind="email" value={application.email} className="font-medium" />
        </Fact>
        <Fact label="Phone">
          <ContactLink kind="phone" value={application.phoneNumber} className="font-medium" />
        </Fact>
        <Fact label="Date submitted" valueClassName="font-medium text-slate-900">
          {application.documentsSubmittedAt ? (
            formatDate(application.documentsSubmittedAt)
          ) : decided ? (
            // Decided without a recorded submission (approved before submissions were dated): nothing to act on.
            <span className="font-normal text-slate-700">Registered {formatDate(application.createdAt)}</span>
          ) : (
            <span className="font-normal text-amber-800">
              Not yet (registered {formatDate(application.createdAt)})
            </span>
          )}
        </Fact>
        <Fact label="ZIP codes served" valueClassName="mt-1 flex flex-wrap gap-1.5">
          {application.serviceZipCodes.length ? (
            application.serviceZipCodes.map((zip) => (
              <span
                key={zip}
                className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 tabular-nums"
              >
                {zip}
              </span>
            ))
          ) : (
            <span className="text-slate-500">None listed</span>
          )}
        </Fact>
        <Fact label="Travel radius" valueClassName="font-medium text-slate-900">
          {travelRadiusLabel(application.travelRadius)}
        </Fact>
      </dl>

      {application.reliability ? (
        <div className="grid gap-1 text-sm">
          <p className="text-slate-500">Record on GreenScape</p>
          <ReliabilityGrid reliability={application.reliability} />
        </div>
      ) : null}

      <div className="text-sm">
        <p className="text-slate-500">Documents</p>
        {application.documents.length ? (
          <ul className="mt-1 grid gap-1">
            {application.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={`/api/documents/${document.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`inline-flex items-center gap-1.5 rounded-sm font-medium text-brand-700 hover:underline ${focusRing}`}
                >
                  <FileText className="size-4 shrink-0" aria-hidden="true" />
                  View {documentLabels[document.documentType]?.title ?? document.documentType}
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-600">No documents uploaded.</p>
        )}
        {application.missingDocuments.length > 0 ? (
          <p className="mt-1 text-red-800" data-testid="missing-documents">
            Missing (required):{" "}
            {application.missingDocuments.map((type) => documentLabels[type].title).join(", ")}
          </p>
        ) : null}
      </div>

      {application.documents.some((d) => d.documentType === "insurance") ? (
        <InsuranceExpiryField
          userId={application.userId}
          name={application.fullName}
          expiresOn={application.insuranceExpiresOn ?? null}
        />
      ) : null}

      {application.reviewedAt ? (
        <p
          className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="application-decision"
        >
          {decidedLabel[application.status]} on {formatDate(application.reviewedAt)}
          {application.reviewerName ? ` by ${application.reviewerName}` : ""}.
          {application.documentOverrideReason ? (
            <span
              className="mt-1 block [overflow-wrap:anywhere] text-amber-900"
              data-testid="document-override"
            >
              Approved without every required document: {application.documentOverrideReason}
            </span>
          ) : null}
        </p>
      ) : null}

      {/*
        A decided application shows its notes as they were saved: the only button left changes the decision, so
        an edited note could not be saved on its own (a change of decision sends the saved notes again).
      */}
      {decided ? (
        <div className="grid gap-1 text-sm" data-testid="application-notes">
          <p className="text-slate-500">Admin notes</p>
          {application.adminNotes ? (
            <p className="whitespace-pre-line [overflow-wrap:anywhere] text-slate-900">
              {application.adminNotes}
            </p>
          ) : (
            <p className="text-slate-600">No notes.</p>
          )}
        </div>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={notesId}>Admin notes</Label>
          <Textarea
            id={notesId}
            rows={3}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            aria-describedby={`${notesId}-help`}
            placeholder="What you checked, what is missing..."
          />
          <p id={`${notesId}-help`} className="text-xs text-slate-500">
            Saved with your decision. A denial email includes these notes.
          </p>
        </div>
      )}

      {/*
        A decided application offers only the other decision (an approval can be revoked, a denial reversed):
        the decision it already has would do nothing, and a faded button for it read as one to press.
      */}
      <div className={cn("mt-auto grid gap-2", decided ? "grid-cols-1" : "grid-cols-2")}>
        {application.status !== "approved" ? (
          <ApproveApplicationDialog application={application} notes={notes} disabled={review.isPending} />
        ) : null}
        {application.status !== "denied" ? (
          <Button
            type="button"
            variant="outline"
            className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => void deny()}
            disabled={review.isPending}
            aria-label={`${application.status === "approved" ? "Revoke approval of" : "Deny"} ${application.fullName}`}
            pending={pendingDecision === "deny"}
            icon={<CircleX className="size-4" aria-hidden="true" />}
          >
            {application.status === "approved" ? "Revoke approval" : "Deny"}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
