// Checks the relative links of README.md and docs/**/*.md: each target file exists, and each #anchor is a
// heading of the target (GitHub's slugs). Web links are not fetched. `node scripts/check-doc-links.mjs`;
// exits 1 and lists the broken links. Not part of `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code spans. */
function prose(text) {
  return text
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, "")
    .replace(/`[^`\n]*`/g, (span) => (span.includes("](") ? "" : span));
}

function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(file) {
  const seen = new Map();
  const out = new Set();
  for (const match of prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];
const broken = [];
let checked = 0;
for (const file of files) {
  for (const match of prose(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    checked++;
    const [target, anchor] = link.split("#");
    const targetFile = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
    const where = `${path.relative(root, file)}: ${link}`;
    if (!existsSync(targetFile)) broken.push(`${where} (no such file)`);
    else if (anchor && statSync(targetFile).isFile() && !anchors(targetFile).has(anchor))
      broken.push(`${where} (no heading #${anchor})`);
  }
}
for (const line of broken) console.log(`broken: ${line}`);
console.log(`${checked} links checked in ${files.length} files, ${broken.length} broken`);
process.exit(broken.length ? 1 : 0);
