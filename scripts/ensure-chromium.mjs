// Browser tests drive Debian's Chromium through playwright-core; no test tool downloads a browser.
import { existsSync } from "node:fs";
import { run } from "./lib.mjs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium", "/usr/bin/chromium"].filter(
  Boolean,
);
if (candidates.some((file) => existsSync(file))) process.exit(0);

if (process.getuid?.() === 0) {
  console.log("• Chromium is missing: installing Debian's chromium package (apt-get)…");
  run("apt-get", ["update", "-qq"]);
  const status = run(
    "apt-get",
    ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"],
    {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    },
  );
  if (status === 0 && existsSync("/usr/bin/chromium")) process.exit(0);
  console.error("✗ apt-get could not install chromium.");
  process.exit(1);
}
console.error(
  "✗ The browser tests need Chromium at /usr/bin/chromium.\n" +
    "  Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
    "  or point CHROMIUM_PATH at an existing Chromium binary.",
);
process.exit(1);
