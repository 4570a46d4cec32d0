// Writes .br and .gz beside every text file of the built client, which the server sends to browsers that
// accept them (@fastify/static preCompressed). Once at build time, at the highest levels, so serving costs
// nothing: uncompressed, the home page made a phone on slow 4G download 600 KB of JavaScript instead of 160.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (TEXT.test(entry)) yield full;
  }
}

export function compressBuild(dir) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const file of files(dir)) {
    const body = readFileSync(file);
    // Below about a packet, compression saves nothing worth a second file.
    if (body.length < 1024) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
    before += body.length;
    after += br.length;
  }
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  console.log(`• Compressed ${count} files of the web app: ${kb(before)} → ${kb(after)} (brotli)`);
}
