import type { LandscaperProfileView } from "../../../../../shared/landscapers";
import { site } from "../../../../../shared/site";
import { Alert, AlertDescription, AlertTitle } from "../../../../components/ui/alert";
import { ButtonLink } from "../../../../components/ui/button-link";

/**
 * Where the application stands, above the tabs: not started, documents missing, under review (also
 * forced by ?status=pending right after submission), or denied. Approved landscapers see nothing, unless the
 * late lock-out paused them.
 */
export function ApplicationBanner({
  profile,
  statusParam,
}: {
  profile: LandscaperProfileView | null;
  statusParam: string | null;
}) {
  if (!profile) {
    return (
      <Alert variant="warning">
        <AlertTitle>Finish your application to start getting jobs</AlertTitle>
        <AlertDescription className="grid justify-items-start gap-3">
          <p>Tell us about your business and service area, then upload your ID and insurance.</p>
          <ButtonLink to="/onboarding/landscaper" size="sm">
            Continue onboarding
          </ButtonLink>
        </AlertDescription>
      </Alert>
    );
  }
  if (profile.status === "denied") {
    return (
      <Alert variant="destructive" role="status">
        <AlertTitle>Your application was not approved</AlertTitle>
        <AlertDescription>
          Questions about the decision? Write to{" "}
          <a href={`mailto:${site.supportEmail}`} className="font-semibold underline underline-offset-2">
            {site.supportEmail}
          </a>
          .
        </AlertDescription>
      </Alert>
    );
  }
  if (profile.status === "approved") return profile.pausedAt ? <PausedBanner profile={profile} /> : null;
  if (!profile.documentsSubmittedAt && statusParam !== "pending") {
    return (
      <Alert variant="warning">
        <AlertTitle>Upload your documents to complete your application</AlertTitle>
        <AlertDescription className="grid justify-items-start gap-3">
          <p>We need your proof of ID and liability insurance before we can review your application.</p>
          <ButtonLink to="/upload-documents" size="sm">
            Upload documents
          </ButtonLink>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      <AlertTitle>Your application is under review</AlertTitle>
      <AlertDescription>
        Thanks for applying! Our team is reviewing your documents and usually decides within{" "}
        {site.reviewPromiseHours} hours. We'll email you, and job actions unlock as soon as you're approved.
      </AlertDescription>
    </Alert>
  );
}

/**
 * Paused by the late lock-out (a visit neither arrived at nor moved 2 days after its date): why, what still
 * works (their scheduled visits), and that our team reviews it.
 */
function PausedBanner({ profile }: { profile: LandscaperProfileView }) {
  return (
    <Alert variant="warning" data-testid="paused-banner">
      <AlertTitle>You're paused from new jobs</AlertTitle>
      <AlertDescription className="grid gap-2">
        {profile.pausedReason ? <p>{profile.pausedReason}</p> : null}
        <p>
          Our team reviews every pause and will contact you; we'll tell you here as soon as it is lifted.
          Until then you can't accept new requests, but your scheduled visits stay yours: mark your arrival on
          each visit's day. Questions? Write to{" "}
          <a href={`mailto:${site.supportEmail}`} className="font-semibold underline underline-offset-2">
            {site.supportEmail}
          </a>
          .
        </p>
      </AlertDescription>
    </Alert>
  );
}
