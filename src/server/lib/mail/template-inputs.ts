/** What each email template is given (the outbox stores it as JSON; templates.ts renders it). */
export type EmailTemplate =
  | {
      template: "welcome";
      name: string;
      role: "customer" | "landscaper";
      nextUrl: string;
      /** The email-confirmation link (24 hours, single use). */
      verifyUrl: string;
    }
  | { template: "verify_email"; name: string; url: string }
  | {
      /** Our team suspended or reinstated the account (issue 38), with the reason they gave. */
      template: "account_status";
      name: string;
      status: "suspended" | "reinstated";
      reason: string;
      /** Suspended pros: how many upcoming visits went to other pros. */
      visitsReoffered?: number;
      signInUrl: string;
    }
  | { template: "password_reset"; name: string; url: string }
  | {
      template: "quote_received";
      name: string;
      services: string;
      address: string;
      date: string;
      estimate: string;
      /** The firm price (issue 34): "$42.00 per visit · held until Saturday, December 5, 2026". */
      firmPrice?: string;
      jobNumber: string;
    }
  | {
      template: "job_request";
      name: string;
      email: string;
      phone: string;
      services: string;
      address: string;
      date: string;
      estimate: string;
      firmPrice?: string;
      jobNumber: string;
      adminUrl: string;
    }
  | {
      template: "job_match";
      name: string;
      landscaperName: string;
      services: string;
      price: string;
      date: string;
      jobNumber: string;
      dashboardUrl: string;
    }
  | {
      /** A pro's offer on an open firm-priced request (issue 35): one of possibly several, booked from the dashboard. */
      template: "job_offer";
      name: string;
      landscaperName: string;
      services: string;
      price: string;
      date: string;
      jobNumber: string;
      offers: number;
      dashboardUrl: string;
    }
  | {
      /** The customer approved an offer: what was booked and its rules (the .ics travels as an attachment). */
      template: "booking_confirmed";
      name: string;
      jobNumber: string;
      services: string;
      day: string;
      landscaperName: string;
      price: string;
      address: string;
      arrival: string;
      hold: string;
      charge: string;
      cancellation: string;
      series?: string;
      calendar: string;
      dashboardUrl: string;
      /** Booked by an account whose address is not confirmed yet (issue 35): what confirming it still does. */
      confirmEmail?: string;
    }
  | {
      /** A pro gave an instant booking back (issue 35): who comes instead, or what the customer can do. */
      template: "booking_released";
      name: string;
      jobNumber: string;
      message: string;
      dashboardUrl: string;
    }
  | {
      /** Nothing waits silently (issue 38): a step taken on a request that waits for a pro, or our team's word. */
      template: "request_update";
      name: string;
      jobNumber: string;
      message: string;
      dashboardUrl: string;
    }
  | {
      template: "job_complete";
      name: string;
      landscaperName: string;
      services: string;
      price: string;
      jobNumber: string;
      dashboardUrl: string;
      /** A final price above the agreed one: what was asked and why (the agreed price is `price`). */
      requested?: { price: string; reason: string };
    }
  | {
      template: "receipt";
      name: string;
      jobNumber: string;
      services: string;
      landscaperName: string;
      price: string;
      date: string;
      dashboardUrl: string;
    }
  | {
      template: "refund";
      name: string;
      jobNumber: string;
      amount: string;
      reason: string;
      dashboardUrl: string;
    }
  | {
      /** A step of a visit, a reported problem, a price change or an unread message: one sentence-led email. */
      template: "job_update";
      kind: "arrival" | "dispute" | "message" | "price_change";
      name: string;
      subject: string;
      paragraphs: string[];
      /** Facts after the job's number (a price change: the agreed price and the one asked). */
      facts?: [string, string][];
      jobNumber: string;
      actionLabel: string;
      url: string;
    }
  | { template: "application_received"; landscaperName: string; dashboardUrl: string }
  | { template: "application_approved"; landscaperName: string; dashboardUrl: string }
  | { template: "application_denied"; landscaperName: string; notes?: string | null };
