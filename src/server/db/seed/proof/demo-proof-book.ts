import type * as s from "../../schema.js";
import type { DemoJob } from "../demo-fixtures.js";
import type { DemoCustomer, DemoLandscaper } from "../demo-people.js";
import type { Role, Shot } from "./demo-proof-photos.js";

export interface Line {
  from: Role;
  body: string;
  at: Date;
}

/** What each part of the proof seed adds to (./demo-proof-disputes.ts): the rows, and how to make them. */
export interface ProofBook {
  talk: (j: DemoJob, lines: Line[], read: { customer: Date; landscaper: Date; emailed?: Date }) => void;
  arrivalAlerts: (j: DemoJob) => void;
  tell: (userId: string | null | undefined, message: string, link: string, at: Date, read?: boolean) => void;
  shots: { job: DemoJob; shots: Shot[] }[];
  notifications: (typeof s.notification.$inferInsert)[];
  labelOf: (j: DemoJob) => string;
  customerOf: (j: DemoJob) => DemoCustomer | undefined;
  carlos: DemoLandscaper;
  adminId: string | null;
}
