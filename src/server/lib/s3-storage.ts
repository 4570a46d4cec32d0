import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type Storage } from "./storage.js";

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, s3rver); AWS's own when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: what most non-AWS servers need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several environments. */
  prefix?: string;
  /** Every request to the object store gives up after this long (the app's OUTBOUND_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * Uploads in an S3-compatible object store, so every app instance reads what any other wrote.
 * Objects stay private (no public ACL, no signed URLs handed out): files are streamed through our
 * own routes after their access check — see docs/decisions/011-object-storage.md.
 */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    // The SDK warns at every start that releases after January 2027 need Node 22; this version is pinned
    // for Node 20 on purpose (package.json), so the warning says nothing new.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK retries a failed request (3 attempts); each attempt has its own limits. requestTimeout alone
      // only logs a warning in this SDK (a store that never answers would hang the upload): it must throw.
      requestHandler: {
        connectionTimeout: Math.min(options.timeoutMs, 5_000),
        requestTimeout: options.timeoutMs,
        throwOnRequestTimeout: true,
        // A download that stalls half-way (headers sent, body stuck) is cut off too.
        socketTimeout: options.timeoutMs,
      },
    });
  }

  private objectKey(key: string) {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        // Served only through our routes, which set the real type after sniffing; nothing public here.
        ContentType: "application/octet-stream",
      }),
    );
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!result.Body) return null;
      return { stream: result.Body as Readable, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    // S3's delete succeeds for a key that does not exist, like the disk's `rm --force`.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** For the readiness check: the bucket exists and these credentials may use it. */
  async check() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close() {
    this.client.destroy();
  }
}

function isNotFound(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
