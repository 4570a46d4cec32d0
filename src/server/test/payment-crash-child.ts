// Child process of payment-crash.test.ts: makes one payment's pending provider call through the real code
// (performPending), and kills itself with SIGKILL the moment the provider has answered, before our
// transaction records the answer: the worst moment for a crash.
import { openDatabase } from "../db/client.js";
import { type PaymentProvider, performPending, TestProcessor } from "../features/payments/index.js";

const paymentId = process.env.CRASH_PAYMENT_ID;
if (!paymentId) throw new Error("CRASH_PAYMENT_ID is required");
const database = process.env.CRASH_DATABASE_URL
  ? await openDatabase({ url: process.env.CRASH_DATABASE_URL, poolSize: 2 })
  : await openDatabase({ dataDir: process.env.CRASH_DATA_DIR! });

const processor = new TestProcessor(database.db);
const dieAfter =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    await call(...args);
    process.kill(process.pid, "SIGKILL");
    return new Promise<R>(() => undefined);
  };
const provider: PaymentProvider = Object.assign(Object.create(processor) as PaymentProvider, {
  capture: dieAfter(processor.capture.bind(processor)),
  charge: dieAfter(processor.charge.bind(processor)),
  authorize: dieAfter(processor.authorize.bind(processor)),
});
await performPending({ db: database.db, provider, publicUrl: "http://127.0.0.1" }, paymentId);
// Not reached: the provider's answer killed the process.
process.exit(3);
