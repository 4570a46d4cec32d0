import path from "node:path";
import type { Env } from "../config/env.js";
import { S3Storage } from "./s3-storage.js";
import { LocalStorage, type Storage } from "./storage.js";

/** The object store when S3_BUCKET is set, else DATA_DIR/uploads on this machine's disk. */
export function createStorage(
  env: Pick<
    Env,
    | "DATA_DIR"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
    | "S3_PREFIX"
    | "OUTBOUND_TIMEOUT_MS"
  >,
): Storage {
  if (!env.S3_BUCKET) return new LocalStorage(path.join(env.DATA_DIR, "uploads"));
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    timeoutMs: env.OUTBOUND_TIMEOUT_MS,
  });
}
