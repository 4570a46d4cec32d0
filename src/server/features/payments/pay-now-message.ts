import type { WaitingBalance } from "../../../shared/payments.js";
import { formatCents } from "../../../shared/services.js";

/**
 * "Pay out now"'s answer in a sentence: what was sent, then what still waits and why. It never says everyone
 * is paid up while a balance waits (a landscaper without a payout account is owed money all the same).
 */
export function payNowMessage(report: { created: number; paid: number }, waiting: WaitingBalance[]): string {
  const sent = report.created === 0 ? "No payout sent." : `${report.paid} of ${report.created} payouts sent.`;
  if (waiting.length === 0)
    return report.created === 0 ? "Nothing to pay out: no landscaper is owed money." : sent;
  if (waiting.length === 1) {
    const [only] = waiting as [WaitingBalance];
    return `${sent} ${formatCents(only.balanceCents)} still waits: ${only.text}`;
  }
  const total = waiting.reduce((sum, w) => sum + w.balanceCents, 0);
  return `${sent} ${waiting.length} balances (${formatCents(total)}) still wait; the reasons are listed below.`;
}
