import type * as React from "react";
import { useState } from "react";
import { formatLongDate, todayInCharlotte } from "../../../../../shared/dates";
import {
  type LandscaperProfileView,
  landscaperMessages,
  travelRadiusLabel,
} from "../../../../../shared/landscapers";
import type { SessionUser } from "../../../../../shared/session";
import { Alert, AlertDescription, AlertTitle } from "../../../../components/ui/alert";
import { Badge } from "../../../../components/ui/badge";
import { ButtonLink } from "../../../../components/ui/button-link";
import {
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  EditableCardHeader,
} from "../../../../components/ui/card";
import { toast } from "../../../../lib/toast";
import { AvailabilityForm } from "../../../booking";
import { LandscaperProfileForm, profileFormDefaults } from "./landscaper-profile-form";
import { PublicProfileCard } from "./public-profile-card";

const roleLabel: Record<SessionUser["role"], string> = {
  customer: "Customer",
  landscaper: "Landscaper",
  admin: "Admin",
};

export function roleName(user: SessionUser): string {
  return roleLabel[user.role];
}

const statusBadge = {
  pending: { label: "Pending review", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  denied: { label: "Not approved", variant: "destructive" },
} as const;

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** Why customers cannot book them at once yet, as the clause the availability's summary opens with. */
function bookingHold(profile: LandscaperProfileView): string | null {
  if (profile.status !== "approved") return "Once our team approves your application";
  if (profile.pausedAt) return "Once your pause from new jobs is lifted";
  return null;
}

function onDate(iso: string | null): string {
  return iso ? formatLongDate(todayInCharlotte(new Date(iso))) : "Not yet";
}

/** Account details from the session, then the business and service area with an edit form. */
export function ProfileTab({
  user,
  profile,
  preview,
}: {
  user: SessionUser;
  profile: LandscaperProfileView | null;
  preview: boolean;
}) {
  const [editing, setEditing] = useState(false);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle asHeading="h2">Landscaper Profile</CardTitle>
          <CardDescription>Your account details.</CardDescription>
        </CardHeader>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <Item label="First name">{user.firstName}</Item>
          <Item label="Last name">{user.lastName || "—"}</Item>
          <Item label="Email">{user.email}</Item>
          <Item label="Role">{roleName(user)}</Item>
        </dl>
      </Card>

      <Card>
        <EditableCardHeader
          title="Business & Service Area"
          description="What customers and our team see, and where you get job requests."
          editLabel="Edit details"
          onEdit={profile && !editing ? () => setEditing(true) : undefined}
        />

        {preview ? (
          <p className="text-sm text-slate-600">
            Business details belong to each landscaper and are not shown in preview.
          </p>
        ) : !profile ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-slate-600">
              You haven't told us about your business and service area yet.
            </p>
            <ButtonLink to="/onboarding/landscaper" size="sm">
              Finish your application
            </ButtonLink>
          </div>
        ) : editing ? (
          <LandscaperProfileForm
            mode="edit"
            defaultValues={profileFormDefaults(profile)}
            submitLabel="Save Changes"
            busyLabel="Saving..."
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              toast({
                title: "Profile updated",
                description: saved.pendingAreaChange
                  ? landscaperMessages.areaChangePending
                  : "Your service area is saved.",
                variant: "success",
              });
            }}
          />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {profile.pendingAreaChange ? (
              <div className="sm:col-span-2">
                <Alert variant="info">
                  <AlertTitle>New service area waiting for review</AlertTitle>
                  <AlertDescription>
                    You asked for {profile.pendingAreaChange.serviceZipCodes.join(", ")} within{" "}
                    {travelRadiusLabel(profile.pendingAreaChange.travelRadius).toLowerCase()} on{" "}
                    {onDate(profile.pendingAreaChange.requestedAt)}. Until our team approves it, jobs come
                    from the area below.
                  </AlertDescription>
                </Alert>
              </div>
            ) : null}
            <Item label="Full name">{profile.fullName}</Item>
            <Item label="Business name">{profile.businessName ?? "—"}</Item>
            <Item label="Phone">{profile.phoneNumber}</Item>
            <Item label="Address">
              {profile.streetAddress}, {profile.city}, {profile.state} {profile.zipCode}
            </Item>
            <div className="grid gap-1.5 sm:col-span-2">
              <dt className="text-sm text-slate-500">ZIP codes you serve</dt>
              <dd>
                <ul className="flex flex-wrap gap-1.5" aria-label="ZIP codes you serve">
                  {profile.serviceZipCodes.map((zip) => (
                    <li key={zip}>
                      <Badge variant="secondary" className="font-mono">
                        {zip}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <Item label="Travel radius">
              {travelRadiusLabel(profile.travelRadius)}
              <span className="block text-sm font-normal text-slate-600">
                Reaches {profile.coveredZipCount} ZIP code{profile.coveredZipCount === 1 ? "" : "s"}
              </span>
            </Item>
            <Item label="Application">
              <Badge variant={statusBadge[profile.status].variant}>{statusBadge[profile.status].label}</Badge>
            </Item>
            <Item label="Documents submitted">{onDate(profile.documentsSubmittedAt)}</Item>
            <Item label="Consent given">{onDate(profile.termsConsentAt)}</Item>
          </dl>
        )}
      </Card>

      {profile && !preview ? <PublicProfileCard approved={profile.status === "approved"} /> : null}

      <Card className="lg:col-span-2" data-testid="availability">
        <CardHeader>
          <CardTitle asHeading="h2">Availability</CardTitle>
          <CardDescription>
            When customers can book you at once, how many visits a day, and your price. Your Schedule counts
            each day's free slots from it.
          </CardDescription>
        </CardHeader>
        {preview ? (
          <p className="text-sm text-slate-600">
            Availability belongs to each landscaper and is not shown in preview.
          </p>
        ) : !profile ? (
          <p className="text-sm text-slate-600">
            Finish your application first: customers can book you once our team approves it.
          </p>
        ) : (
          <AvailabilityForm hold={bookingHold(profile)} />
        )}
      </Card>
    </div>
  );
}
