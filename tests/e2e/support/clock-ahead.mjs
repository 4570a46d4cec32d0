// Loaded with `--import` by a browser test's own server (startAppServer's nodeArgs): the process's clock runs
// E2E_CLOCK_AHEAD_MS ahead of the real one, so scheduled work that waits days (the late lock-out 2 days
// after a visit) can be seen in a browser without waiting. `new Date()` and `Date.now()` move; dates built
// from a value do not.
const ahead = Number(process.env.E2E_CLOCK_AHEAD_MS ?? 0);
if (ahead) {
  const RealDate = Date;
  class AheadDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + ahead);
      else super(...args);
    }
    static now() {
      return RealDate.now() + ahead;
    }
  }
  globalThis.Date = AheadDate;
}
