import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import type { Principal } from "../accounts/index.js";
import type { PaymentProvider } from "../payments/providers/index.js";

/** What every job action is given: who acts on which job. */
export interface ActionOptions {
  db: Db;
  env: Env;
  principal: Principal;
  jobId: string;
  provider: PaymentProvider;
}
