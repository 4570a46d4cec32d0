/**
 * An outside service's answer body as text, refused past `limit` bytes however the server declared its
 * length (a wrong Content-Length or none): `tooLarge` is the error thrown, the stream is cancelled first.
 */
export async function readLimited(response: Response, limit: number, tooLarge: () => Error): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
