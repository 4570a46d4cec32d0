import type { Env } from "./config/env.js";
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
import type { ForecastProvider } from "./lib/weather/forecast-provider.js";

// One timer for the scheduled work of several features (payments, series, conversations): it sits above them
// so that none of them imports another's schedule. Each pass claims its rows with SKIP LOCKED.
/** Runs the pass on a timer in this instance (PAYMENTS_WORKER), like the outbox's lanes. */
export class ScheduledWork {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly options: PaymentPassOptions & {
      pollMs: number;
      schedule: PayoutSchedule;
      env: Env;
      forecast: ForecastProvider;
    },
  ) {}

  start() {
    this.stopped = false;
    const tick = async () => {
      this.running = runPaymentPass(this.options)
        .then(() => runPayouts(this.options))
        // Recurring series get their visits 8 weeks ahead (each series claimed with SKIP LOCKED).
        .then(() => runSeriesPass({ db: this.options.db }))
        // The same timer sends the unread-message emails: scheduled work of one kind, claimed the same way.
        .then(() =>
          sendUnreadMessageEmails({
            db: this.options.db,
            env: this.options.env,
            delayMs: this.options.env.MESSAGE_EMAIL_DELAY_MS,
          }),
        )
        // Visits nobody arrived at 2 days after their date go back to the queue (issue 17's late lock-out).
        .then(() => runLateLockout(this.options))
        // Nothing waits silently (issue 38): visits given back (the lock-out's just now among them) are
        // re-offered at the same price, then requests without a pro climb the 12 h / 24 h ladder.
        .then(() => runReoffers({ db: this.options.db, env: this.options.env, now: this.options.now }))
        .then(() => runEscalation({ db: this.options.db, env: this.options.env, now: this.options.now }))
        // A customer's ask for another weekday lapses unanswered after 3 days (the visits stay).
        .then(() => runDayRequestLapse(this.options))
        // An insurance certificate lapsing within 30 days: the landscaper and the admins are told once.
        .then(() => runInsuranceWarnings({ db: this.options.db, env: this.options.env }))
        // Rain flags on the Schedule: each visit of the next 3 days read once a cache period (issue 37).
        .then(() =>
          runRainFlags({
            db: this.options.db,
            forecast: this.options.forecast,
            thresholdPercent: this.options.env.RAIN_FLAG_PERCENT,
            recheckMs: this.options.env.WEATHER_CACHE_MINUTES * 60_000,
          }),
        )
        // Field actions' idempotency keys are forgotten after 30 days (a phone sends within a day; issue 37).
        .then(() => forgetOldFieldKeys(this.options.db))
        .catch((error) => this.options.log.error({ err: error }, "payment pass failed"));
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
