// The two-instance test (tests/cluster) puts Debian's nginx in front of two app instances.
import { existsSync } from "node:fs";
import { run } from "./lib.mjs";

const candidates = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"].filter(Boolean);
if (candidates.some((file) => existsSync(file))) process.exit(0);

if (process.getuid?.() === 0) {
  console.log("• nginx is missing: installing Debian's nginx-light package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx-light"], { env });
  if (install() !== 0) {
    run("apt-get", ["update", "-qq"]);
    install();
  }
  if (existsSync("/usr/sbin/nginx")) process.exit(0);
  console.error("✗ apt-get could not install nginx.");
  process.exit(1);
}
console.error(
  "✗ The two-instance test needs nginx at /usr/sbin/nginx.\n" +
    "  Install it with:  sudo apt-get install -y nginx-light\n" +
    "  or point NGINX_PATH at an nginx binary.",
);
process.exit(1);
