import path from "node:path";
import type { CodeSplittingOptions } from "rolldown";

/** The part of the bundler's module graph read here. */
export interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; exports?: string[] } | null;
}

type Wanted = "all" | Set<string>;

interface Link {
  specifier: string;
  /** The names taken from the target, or every name ("all": namespace, side effect, default-less star). */
  names: Wanted;
}

interface ReExport {
  specifier: string;
  /** exported name → the target's name; `*` for `export * from`. */
  names: Map<string, string> | "*";
}

const stringLiteral = `["']([^"']+)["']`;
const importNamed = new RegExp(
  String.raw`\bimport\s+(?:([\w$]+)\s*,\s*)?\{([^}]*)\}\s*from\s*${stringLiteral}`,
  "g",
);
const importDefault = new RegExp(String.raw`\bimport\s+([\w$]+)\s+from\s*${stringLiteral}`, "g");
const importNamespace = new RegExp(
  String.raw`\bimport\s*(?:[\w$]+\s*,\s*)?\*\s*as\s+([\w$]+)\s+from\s*${stringLiteral}`,
  "g",
);
const importBare = new RegExp(String.raw`\bimport\s*${stringLiteral}`, "g");
const exportNamed = new RegExp(String.raw`\bexport\s*\{([^}]*)\}\s*from\s*${stringLiteral}`, "g");
const exportLocal = /\bexport\s*\{([^}]*)\}(?!\s*from)/g;
const exportStar = new RegExp(String.raw`\bexport\s*\*\s*(as\s+[\w$]+\s+)?from\s*${stringLiteral}`, "g");

/** `a as b, default as c` → [[imported, local]]. */
function specifiers(list: string): Array<[string, string]> {
  return list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((part) => {
      const [from, to] = part.split(/\s+as\s+/);
      return [from!.trim(), (to ?? from!).trim()];
    });
}

/** The static imports and re-exports of a module's transformed source (dynamic `import()` is not one). */
export function readModule(code: string): { links: Link[]; reExports: ReExport[] } {
  const links: Link[] = [];
  const reExports: ReExport[] = [];
  // `import { a as b } from "x"; export { b as c }` passes a name on just as `export { a as c } from "x"` does.
  const bindings = new Map<string, { specifier: string; imported: string }>();
  for (const m of code.matchAll(importNamed)) {
    const pairs = specifiers(m[2]!);
    const names = new Set(pairs.map(([from]) => from));
    for (const [from, to] of pairs) bindings.set(to, { specifier: m[3]!, imported: from });
    if (m[1]) {
      names.add("default");
      bindings.set(m[1], { specifier: m[3]!, imported: "default" });
    }
    links.push({ specifier: m[3]!, names });
  }
  for (const m of code.matchAll(importDefault)) {
    bindings.set(m[1]!, { specifier: m[2]!, imported: "default" });
    links.push({ specifier: m[2]!, names: new Set(["default"]) });
  }
  for (const m of code.matchAll(importNamespace)) {
    bindings.set(m[1]!, { specifier: m[2]!, imported: "*" });
    links.push({ specifier: m[2]!, names: "all" });
  }
  for (const m of code.matchAll(exportLocal)) {
    for (const [local, exported] of specifiers(m[1]!)) {
      const binding = bindings.get(local);
      if (binding)
        reExports.push({ specifier: binding.specifier, names: new Map([[exported, binding.imported]]) });
    }
  }
  for (const m of code.matchAll(importBare)) links.push({ specifier: m[1]!, names: "all" });
  for (const m of code.matchAll(exportNamed)) {
    reExports.push({ specifier: m[2]!, names: new Map(specifiers(m[1]!).map(([from, to]) => [to, from])) });
  }
  for (const m of code.matchAll(exportStar)) {
    if (m[1])
      reExports.push({ specifier: m[2]!, names: new Map([[m[1].replace(/^as\s+/, "").trim(), "*"]]) });
    else reExports.push({ specifier: m[2]!, names: "*" });
  }
  return { links, reExports };
}

const withoutQuery = (id: string) => id.replace(/^\0/, "").split("?")[0]!;
const packageOf = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;

/** Which of a module's imported ids a specifier names (several when a bare package is ambiguous). */
function resolve(importer: string, importedIds: readonly string[], specifier: string): string[] {
  if (specifier.startsWith(".") || specifier.startsWith("/")) {
    const base = path.resolve(path.dirname(withoutQuery(importer)), specifier.split("?")[0]!);
    const query = specifier.includes("?") ? specifier.slice(specifier.indexOf("?")) : "";
    return importedIds.filter((id) => {
      const file = withoutQuery(id);
      const sameQuery = !query || id.endsWith(query);
      return (
        sameQuery &&
        (file === base || file.replace(/\.[cm]?[jt]sx?$/, "") === base || path.dirname(file) === base)
      );
    });
  }
  const pkg = `/node_modules/${packageOf(specifier)}/`;
  return importedIds.filter((id) => id.includes(pkg));
}

/**
 * The modules a set of entry modules runs, following what each import takes: a name imported through a
 * re-exporting file (a feature's index.ts, lucide-react's list of every icon) leads to the one file that
 * defines it, not to everything the re-exporting file lists. Errs on the side of including.
 */
export function modulesRunBy(graph: ModuleGraph, roots: string[]): Set<string> {
  const used = new Set<string>();
  const seen = new Map<string, Wanted>();
  const work: Array<[string, Wanted]> = roots.map((root) => [root, "all"]);
  const take = (id: string, names: Wanted) => work.push([id, names]);
  while (work.length > 0) {
    const [id, wanted] = work.pop()!;
    const before = seen.get(id);
    if (before === "all") continue;
    let fresh: Wanted;
    if (wanted === "all") fresh = "all";
    else {
      fresh = new Set([...wanted].filter((name) => !before?.has(name)));
      if (fresh.size === 0) continue;
    }
    seen.set(id, fresh === "all" ? "all" : new Set([...(before ?? []), ...fresh]));
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const { links, reExports } = readModule(info.code ?? "");

    if (fresh !== "all") {
      // Only names asked for: pass each one on to the file it is re-exported from, if it is.
      const local = new Set<string>();
      for (const name of fresh) {
        const source = reExports.find((r) => r.names !== "*" && r.names.has(name));
        if (source && source.names !== "*") {
          const imported = source.names.get(name)!;
          for (const target of resolve(id, info.importedIds, source.specifier)) {
            take(target, imported === "*" ? "all" : new Set([imported]));
          }
          continue;
        }
        const stars = reExports
          .filter((r) => r.names === "*")
          .flatMap((r) => resolve(id, info.importedIds, r.specifier))
          .filter((target) => graph.getModuleInfo(target)?.exports?.includes(name));
        if (stars.length > 0) for (const target of stars) take(target, new Set([name]));
        else local.add(name);
      }
      if (local.size === 0) continue;
    }

    // The module's own code runs: everything it imports statically runs too.
    used.add(id);
    const linked = new Set<string>();
    // Re-exports count only when every export is wanted (a namespace import, a root); names asked for
    // were passed on above.
    const followed =
      fresh === "all" ? [...links, ...reExports.map((r) => ({ ...r, names: "all" as const }))] : links;
    for (const link of followed) {
      for (const target of resolve(id, info.importedIds, link.specifier)) take(target, link.names);
    }
    for (const link of [...links, ...reExports]) {
      for (const target of resolve(id, info.importedIds, link.specifier)) linked.add(target);
    }
    // An import this reading did not recognise (a bundler helper, CommonJS require): taken whole.
    for (const target of info.importedIds) if (!linked.has(target)) take(target, "all");
  }
  return used;
}

/** React, React DOM and React Router: every page runs them, and they change only with an upgrade. */
const framework = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * How the client build groups modules into files (docs/decisions/014-first-screen-files.md). Left to itself
 * the bundler makes one file per set of routes sharing a module: the quote page preloaded 42 files, most
 * under 1 KB, and Lighthouse's slow phone counts each preloaded file before the first paint. Here a page's
 * first screen loads the framework, one file per group below that it uses, the route manifest and its own
 * route modules (React Router loads each route's module from its own file, so those stay apart).
 *
 * Each group holds what its roots run; a module run by several groups goes to the first. The roots' own
 * modules stay in their route files, except the first group's (the root and the site layout run everywhere).
 */
export function firstScreenFiles(groups: Array<{ name: string; roots: string[] }>): CodeSplittingOptions {
  const members = new Map<string, Set<string>>();
  const membersOf = (index: number, graph: ModuleGraph) => {
    const group = groups[index]!;
    let found = members.get(group.name);
    if (!found) {
      const run = modulesRunBy(graph, group.roots);
      found = new Set(index === 0 ? run : [...run].filter((id) => !group.roots.includes(id)));
      members.set(group.name, found);
    }
    return found;
  };
  return {
    groups: [
      { name: "framework", test: framework, priority: 100 },
      ...groups.map((group, index) => ({
        debugName: group.name,
        name: (id: string, graph: ModuleGraph) => (membersOf(index, graph).has(id) ? group.name : null),
        priority: 90 - index,
      })),
    ],
  };
}
