import type * as React from "react";
import { Link } from "react-router";
import {
  HOLD_AT_APPROVAL_WITHIN_DAYS,
  HOLD_DAYS_BEFORE_VISIT,
  LATE_CANCEL_HOURS,
  VISIT_START_HOUR,
} from "../../../../shared/payments";
import { MAX_MOVE_DAYS, SERIES_CHANGE_NOTICE_HOURS } from "../../../../shared/recurring";
import { formatCents, PLATFORM_SHARE } from "../../../../shared/services";
import type { SiteSettings } from "../../../../shared/site-settings";
import { textLink } from "../../../lib/styles";

export interface HelpAnswer {
  id: string;
  question: string;
  answer: React.ReactNode;
}

type Settings = Pick<SiteSettings, "cancellationFeeCents" | "workApprovalHours">;

const landscaperShare = `${Math.round((1 - PLATFORM_SHARE) * 100)}%`;

/**
 * What customers ask, answered as the code behaves: holds and charges (payments/settlement/money.ts and the
 * payment pass), cancelling (jobs/customer-actions.ts, the 24-hour rule from 8 AM on the visit's date), the
 * weather move (series/actions.ts moveVisit, declineMovedVisit). The fee and the approval window are the
 * running server's settings.
 */
export function customerAnswers({ cancellationFeeCents, workApprovalHours }: Settings): HelpAnswer[] {
  return [
    {
      id: "price",
      question: "How much will it cost?",
      answer: (
        <>
          <p>
            Tell the quote form your property's size, how tall the grass is and how often you want the work,
            and it shows a firm price per visit with the lines that make it up, held for 7 days. The
            landscaper who takes your request works at that price and offers a date; the price changes only if
            they find the property different from what you told us and you say yes to a new one. If you're not
            sure of the size, or it's over an acre, you see an estimate range (
            <Link to="/services" className={textLink}>
              see each service's range
            </Link>
            ) and the landscaper proposes the price. Nothing is booked until you approve.
          </p>
        </>
      ),
    },
    {
      id: "payment",
      question: "When is my card held, and when is it charged?",
      answer: (
        <>
          <p>
            Approving a landscaper's price needs a card on file. We then place a hold for that price: at once
            if the visit is {HOLD_AT_APPROVAL_WITHIN_DAYS} days away or fewer, otherwise{" "}
            {HOLD_DAYS_BEFORE_VISIT * 24} hours before the visit. A hold is not a charge.
          </p>
          <p>
            Your card is charged only after the landscaper marks the work complete with photos: when you
            approve the work, or {workApprovalHours} hours later if you have not reported a problem. You are
            never charged more than the price you approved, unless you accept a higher final price; a lower
            one is all you pay. If something isn't right, choose Report a problem on the job instead: nothing
            is charged until it is resolved. The work's charge comes with a receipt by email.
          </p>
        </>
      ),
    },
    {
      id: "cancelling",
      question: "Can I cancel, and does it cost anything?",
      answer: (
        <>
          <p>
            Yes, from the job on your dashboard. Cancelling is free until a landscaper's offer is approved,
            and after that until {LATE_CANCEL_HOURS} hours before {VISIT_START_HOUR}:00 AM on the visit's
            date; any hold on your card is released.
          </p>
          <p>
            Closer to the visit, a {formatCents(cancellationFeeCents)} cancellation fee is charged and paid to
            your landscaper for the time they set aside. The dialog shows it before you confirm. A repeating
            service can be cancelled as a whole; a visit less than {SERIES_CHANGE_NOTICE_HOURS} hours away
            keeps this rule.{" "}
            <Link to="/refund-policy" className={textLink}>
              Refund & Cancellation Policy
            </Link>
          </p>
        </>
      ),
    },
    {
      id: "rain",
      question: "What if it rains?",
      answer: (
        <p>
          Your landscaper can move a visit up to {MAX_MOVE_DAYS} days earlier or later, with a reason, before
          they arrive, and you are told the new day. If it does not suit you, decline it on your dashboard:
          that visit is cancelled and nothing is charged for it. In a repeating service, the other visits keep
          their usual day.
        </p>
      ),
    },
  ];
}

/** What landscapers ask about being paid (payments/payouts.ts, the ledger's split in charges.ts). */
export function landscaperAnswers(): HelpAnswer[] {
  return [
    {
      id: "payouts",
      question: "How and when do I get paid?",
      answer: (
        <>
          <p>
            Set up payouts on the Earnings tab of your dashboard. You earn {landscaperShare} of each job's
            charged price, all of your tips and the whole cancellation fee when a customer cancels late. Money
            is yours once the customer's card is charged, after they approve the work or the approval window
            passes.
          </p>
          <p>
            Payouts go out once a week, your whole balance in one transfer; the Earnings tab shows the next
            payout and its date. If a bank refuses a transfer, we try again, and our team follows up if it
            keeps failing: the money stays owed to you.
          </p>
        </>
      ),
    },
  ];
}
