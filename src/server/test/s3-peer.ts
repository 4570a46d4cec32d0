import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The app's settings that point its storage at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps objects, to look at what was stored from outside the S3 API. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server on loopback (s3rver keeps objects on disk and checks request signatures),
 * with one bucket: the object store the S3 adapter is tested against, with the same SDK calls as AWS.
 */
export async function startS3Peer(bucket = "greenscape-test"): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "greenscape-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
