import { randomUUID } from "node:crypto";
import type { Env } from "./config/env.js";
import { refreshHealth } from "./features/admin/index.js";
import { runEscalation, runReoffers } from "./features/booking/index.js";
import { sendUnreadMessageEmails } from "./features/conversations/index.js";
import { forgetOldFieldKeys } from "./features/jobs/index.js";
import { runInsuranceWarnings } from "./features/landscapers/index.js";
import {
  type PaymentPassOptions,
  type PayoutSchedule,
  runPaymentPass,
  runPayouts,
} from "./features/payments/index.js";
import { runDayRequestLapse, runLateLockout, runSeriesPass } from "./features/series/index.js";
import { runRainFlags } from "./features/weather/index.js";
import { withRequestId } from "./lib/request-context.js";
import { recordPassCompleted } from "./lib/scheduled-pass.js";
import type { ForecastProvider } from "./lib/weather/forecast-provider.js";

export type ScheduledWorkOptions = PaymentPassOptions & {
  pollMs: number;
  schedule: PayoutSchedule;
  env: Env;
  forecast: ForecastProvider;
};

/** The passes of one run, in order, by the name their completion is recorded under (scheduled_pass). */
function passes(o: ScheduledWorkOptions): [name: string, run: () => Promise<unknown>][] {
  return [
    ["payments", () => runPaymentPass(o)],
    ["payouts", () => runPayouts(o)],
    // Recurring series get their visits 8 weeks ahead (each series claimed with SKIP LOCKED).
    ["series", () => runSeriesPass({ db: o.db })],
    // The same timer sends the unread-message emails: scheduled work of one kind, claimed the same way.
    [
      "unread-emails",
      () => sendUnreadMessageEmails({ db: o.db, env: o.env, delayMs: o.env.MESSAGE_EMAIL_DELAY_MS }),
    ],
    // Visits nobody arrived at 2 days after their date go back to the queue (issue 17's late lock-out).
    ["late-lockout", () => runLateLockout(o)],
    // Nothing waits silently (issue 38): visits given back (the lock-out's just now among them) are
    // re-offered at the same price, then requests without a pro climb the 12 h / 24 h ladder.
    ["reoffers", () => runReoffers({ db: o.db, env: o.env, now: o.now })],
    ["escalation", () => runEscalation({ db: o.db, env: o.env, now: o.now })],
    // A customer's ask for another weekday lapses unanswered after 3 days (the visits stay).
    ["day-request-lapse", () => runDayRequestLapse(o)],
    // An insurance certificate lapsing within 30 days: the landscaper and the admins are told once.
    ["insurance-warnings", () => runInsuranceWarnings({ db: o.db, env: o.env })],
    // Rain flags on the Schedule: each visit of the next 3 days read once a cache period (issue 37).
    [
      "rain-flags",
      () =>
        runRainFlags({
          db: o.db,
          forecast: o.forecast,
          thresholdPercent: o.env.RAIN_FLAG_PERCENT,
          recheckMs: o.env.WEATHER_CACHE_MINUTES * 60_000,
        }),
    ],
    // Field actions' idempotency keys are forgotten after 30 days (a phone sends within a day; issue 37).
    ["field-keys", () => forgetOldFieldKeys(o.db)],
    // Admin → Health's default 12 weeks counted again every HEALTH_REFRESH_MINUTES (seconds at a million jobs,
    // so last: the other passes do not wait for it), one instance at a time (issue 38).
    ["health-figures", () => refreshHealth({ db: o.db, env: o.env })],
  ];
}

// One timer for the scheduled work of several features (payments, series, conversations): it sits above them
// so that none of them imports another's schedule. Each pass claims its rows with SKIP LOCKED.
/** Runs the passes on a timer in this instance (PAYMENTS_WORKER), like the outbox's lanes. */
export class ScheduledWork {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly options: ScheduledWorkOptions) {}

  /**
   * One run of every pass. The run has its own id: every log line of the run carries it (runId), the outbox
   * rows it queues keep it, and each pass's completion is recorded in the database under its name (the
   * readiness check and the metrics read the lag from there). A pass that throws ends the run (as before).
   */
  async runOnce(runId: string = randomUUID()): Promise<void> {
    const log = this.options.log.child({ runId });
    const options = { ...this.options, log };
    const started = performance.now();
    let current = "";
    try {
      await withRequestId(runId, async () => {
        for (const [name, run] of passes(options)) {
          current = name;
          await run();
          await recordPassCompleted(options.db, name, runId);
        }
      });
      log.debug({ durationMs: Math.round(performance.now() - started) }, "scheduled passes finished");
    } catch (error) {
      log.error({ err: error, pass: current }, "scheduled pass failed");
    }
  }

  start() {
    this.stopped = false;
    const tick = async () => {
      this.running = this.runOnce();
      await this.running;
      if (this.stopped) return;
      this.timer = setTimeout(tick, this.options.pollMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 1000);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
