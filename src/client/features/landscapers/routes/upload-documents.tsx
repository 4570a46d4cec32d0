import { Send } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { verificationMessages } from "../../../../shared/account-texts";
import { type DocumentType, documentTypes, requiredDocumentTypes } from "../../../../shared/landscapers";
import { ACCOUNT_LOAD_TIMEOUT_MS } from "../../../areas/access";
import { PageStatus } from "../../../components/page-status";
import { TroubleLoading } from "../../../components/trouble-loading";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useTimedOut } from "../../../lib/use-timed-out";
import { useDocuments, useRememberUploadedDocument, useSubmitApplication } from "../api/documents";
import { useLandscaperProfile } from "../api/profile";
import { DocumentPicker } from "../components/profile/document-picker";
import { ApplicationSteps } from "../components/profile/step-header";
import { applicationStanding } from "../lib/application-standing";

export function meta() {
  return [{ title: "Upload Documents | GreenScape Charlotte" }];
}

/** 'Upload Credentials': proof of ID and liability insurance (required), certifications (optional). */
export default function UploadDocumentsPage() {
  const navigate = useNavigate();
  const profile = useLandscaperProfile(true);
  const documents = useDocuments(true);
  const remember = useRememberUploadedDocument();
  const submit = useSubmitApplication();
  const session = useSession();
  const [busyTypes, setBusyTypes] = useState<ReadonlySet<DocumentType>>(new Set());
  const slow = useTimedOut(profile.isPending || documents.isPending, ACCOUNT_LOAD_TIMEOUT_MS);

  if (profile.isError || documents.isError || slow) return <TroubleLoading loginPath="/login/landscaper" />;
  if (profile.isPending || documents.isPending) {
    return <PageStatus>Loading...</PageStatus>;
  }

  const stored = new Map(documents.data.documents.map((d) => [d.documentType, d]));
  const missing = requiredDocumentTypes.filter((type) => !stored.has(type));
  const uploading = busyTypes.size > 0;
  const canSubmit = missing.length === 0 && !uploading && !submit.isPending;
  const profileView = profile.data.profile;
  const standing = profileView
    ? applicationStanding({
        status: profileView.status,
        submittedAt: documents.data.documentsSubmittedAt,
        missing,
      })
    : null;
  const unconfirmed = session.user?.emailVerified === false;

  async function onSubmit() {
    try {
      const answer = await submit.mutateAsync();
      toast({ title: answer.message, variant: "success" });
      void navigate("/landscaper-dashboard?status=pending");
    } catch (error) {
      const notSignedIn = error instanceof ApiError && error.code === "unauthorized";
      toast({
        title: notSignedIn ? "Not authenticated" : "Submission failed",
        description:
          error instanceof ApiError
            ? notSignedIn
              ? "Please sign in again."
              : error.message
            : "Please check your connection and try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <ApplicationSteps current={1} />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          Upload Credentials
        </h1>
        <p className="mt-3 max-w-2xl text-pretty text-slate-600">
          Your files are private: only you and our review team can open them. Each one uploads as soon as you
          choose it.
        </p>

        {profile.data.profile === null ? (
          <Alert variant="warning" className="mt-8">
            <AlertTitle>Finish your profile first</AlertTitle>
            <AlertDescription>
              Tell us about your business and service area before uploading documents.{" "}
              <Link to="/onboarding/landscaper" className="font-semibold underline underline-offset-2">
                Go to onboarding
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {standing ? (
              <Alert variant={standing.tone} className="mt-8" data-testid="application-standing">
                <AlertTitle>{standing.title}</AlertTitle>
                <AlertDescription>{standing.description}</AlertDescription>
              </Alert>
            ) : null}

            <div className="mt-8 grid gap-4">
              {documentTypes.map((type) => (
                <DocumentPicker
                  key={type}
                  type={type}
                  document={stored.get(type)}
                  onUploaded={remember}
                  onBusyChange={(changed, busy) =>
                    setBusyTypes((current) => {
                      const next = new Set(current);
                      if (busy) next.add(changed);
                      else next.delete(changed);
                      return next;
                    })
                  }
                />
              ))}
            </div>

            {unconfirmed ? (
              <Alert variant="warning" className="mt-8">
                <AlertTitle>Confirm your email to submit</AlertTitle>
                <AlertDescription>{verificationMessages.landscaperMustConfirm}</AlertDescription>
              </Alert>
            ) : null}

            <div className="mt-8 grid gap-3 sm:flex sm:items-center sm:justify-between">
              <p id="submit-help" className="text-sm text-slate-600">
                {missing.length > 0
                  ? "Upload your proof of ID and liability insurance to submit your application."
                  : uploading
                    ? "Wait for the upload to finish."
                    : "Everything we need is here. Submit when you're ready."}
              </p>
              <Button
                type="button"
                size="lg"
                className="w-full sm:w-auto"
                disabled={!canSubmit}
                aria-describedby="submit-help"
                onClick={() => void onSubmit()}
                pending={submit.isPending}
                pendingLabel="Submitting..."
                icon={<Send className="size-4" aria-hidden="true" />}
              >
                Submit Application
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
