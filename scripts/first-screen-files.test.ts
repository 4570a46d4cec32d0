import { describe, expect, it } from "vitest";
import { firstScreenFiles, type ModuleGraph, modulesRunBy, readModule } from "./first-screen-files";

/** A module graph from sources: `importedIds` are the files each one names (as the bundler resolves them). */
function graphOf(
  files: Record<string, { code: string; imports?: string[]; exports?: string[] }>,
): ModuleGraph {
  return {
    getModuleInfo(id) {
      const file = files[id];
      return file ? { code: file.code, importedIds: file.imports ?? [], exports: file.exports ?? [] } : null;
    },
  };
}

describe("readModule", () => {
  it("reads named, default, namespace and bare imports and both kinds of re-export", () => {
    const { links, reExports } = readModule(
      [
        'import React, { useState as useS, type FC } from "react";',
        'import Icon from "./icon";',
        'import * as Slot from "@radix-ui/react-slot";',
        'import "./side-effect.css";',
        'export { Button, default as Link } from "./button";',
        'export * from "./all";',
        "export { Slot };",
        'const later = () => import("./lazy");',
      ].join("\n"),
    );
    expect(links).toEqual([
      { specifier: "react", names: new Set(["useState", "FC", "default"]) },
      { specifier: "./icon", names: new Set(["default"]) },
      { specifier: "@radix-ui/react-slot", names: "all" },
      { specifier: "./side-effect.css", names: "all" },
    ]);
    expect(reExports).toEqual([
      { specifier: "@radix-ui/react-slot", names: new Map([["Slot", "*"]]) },
      {
        specifier: "./button",
        names: new Map([
          ["Button", "Button"],
          ["Link", "default"],
        ]),
      },
      { specifier: "./all", names: "*" },
    ]);
  });
});

describe("modulesRunBy", () => {
  const files = {
    "/app/root.tsx": {
      code: 'import { Banner } from "./features/accounts";\nimport { Menu } from "lucide-react";\nimport "./setup";',
      imports: [
        "/app/features/accounts/index.ts",
        "/n/node_modules/lucide-react/dist/esm/lucide-react.mjs",
        "/app/setup.ts",
      ],
    },
    // A feature's entry file: only re-exports.
    "/app/features/accounts/index.ts": {
      code: 'export { Banner } from "./banner";\nexport { SignUpForm } from "./sign-up-form";',
      imports: ["/app/features/accounts/banner.tsx", "/app/features/accounts/sign-up-form.tsx"],
    },
    "/app/features/accounts/banner.tsx": {
      code: 'import { texts } from "../../texts";',
      imports: ["/app/texts.ts"],
    },
    "/app/features/accounts/sign-up-form.tsx": {
      code: 'import { z } from "zod";',
      imports: ["/n/node_modules/zod/index.js"],
    },
    "/app/texts.ts": { code: "export const texts = {};" },
    "/n/node_modules/zod/index.js": { code: "export const z = {};" },
    // lucide-react lists every icon; root takes one.
    "/n/node_modules/lucide-react/dist/esm/lucide-react.mjs": {
      code: "export { default as Menu } from './icons/menu.mjs';\nexport { default as Trash } from './icons/trash.mjs';",
      imports: [
        "/n/node_modules/lucide-react/dist/esm/icons/menu.mjs",
        "/n/node_modules/lucide-react/dist/esm/icons/trash.mjs",
      ],
    },
    "/n/node_modules/lucide-react/dist/esm/icons/menu.mjs": { code: "export default 1;" },
    "/n/node_modules/lucide-react/dist/esm/icons/trash.mjs": { code: "export default 2;" },
    // A side-effect import whose own imports this reading does not recognise (CommonJS): taken whole.
    "/app/setup.ts": { code: "require('./cjs')", imports: ["/app/cjs.js"] },
    "/app/cjs.js": { code: "module.exports = 1;" },
  };

  it("follows a name through re-exporting files to the file that defines it, and nothing else they list", () => {
    const run = modulesRunBy(graphOf(files), ["/app/root.tsx"]);
    expect([...run].sort()).toEqual(
      [
        "/app/cjs.js",
        "/app/features/accounts/banner.tsx",
        "/app/root.tsx",
        "/app/setup.ts",
        "/app/texts.ts",
        "/n/node_modules/lucide-react/dist/esm/icons/menu.mjs",
      ].sort(),
    );
  });

  it("takes every re-exported file of a module imported as a namespace", () => {
    const graph = graphOf({
      ...files,
      "/app/all.ts": {
        code: 'import * as accounts from "./features/accounts";',
        imports: ["/app/features/accounts/index.ts"],
      },
    });
    const run = modulesRunBy(graph, ["/app/all.ts"]);
    expect(run.has("/app/features/accounts/sign-up-form.tsx")).toBe(true);
    expect(run.has("/n/node_modules/zod/index.js")).toBe(true);
  });

  it("passes a name through `export *` only to the file that exports it", () => {
    const graph = graphOf({
      "/app/page.tsx": { code: 'import { b } from "./barrel";', imports: ["/app/barrel.ts"] },
      "/app/barrel.ts": {
        code: 'export * from "./a";\nexport * from "./b";',
        imports: ["/app/a.ts", "/app/b.ts"],
      },
      "/app/a.ts": { code: "export const a = 1;", exports: ["a"] },
      "/app/b.ts": { code: "export const b = 1;", exports: ["b"] },
    });
    expect([...modulesRunBy(graph, ["/app/page.tsx"])].sort()).toEqual(["/app/b.ts", "/app/page.tsx"]);
  });
});

describe("firstScreenFiles", () => {
  it("puts the framework first, then each group's modules; a later group's roots keep their own files", () => {
    const graph = graphOf({
      "/app/root.tsx": { code: 'import { a } from "./a";', imports: ["/app/a.ts"] },
      "/app/a.ts": { code: "export const a = 1;" },
      "/app/home.tsx": {
        code: 'import { a } from "./a";\nimport { b } from "./b";',
        imports: ["/app/a.ts", "/app/b.ts"],
      },
      "/app/b.ts": { code: "export const b = 1;" },
    });
    const options = firstScreenFiles([
      { name: "shell", roots: ["/app/root.tsx"] },
      { name: "site", roots: ["/app/home.tsx"] },
    ]);
    if (typeof options !== "object" || !options.groups) throw new Error("expected groups");
    const [framework, shell, site] = options.groups;
    expect(framework?.name).toBe("framework");
    expect((framework!.test as RegExp).test("/n/node_modules/react-dom/client.js")).toBe(true);
    const nameOf = (group: typeof shell, id: string) =>
      typeof group?.name === "function" ? group.name(id, graph as never) : group?.name;
    expect(nameOf(shell, "/app/root.tsx")).toBe("shell");
    expect(nameOf(shell, "/app/a.ts")).toBe("shell");
    expect(nameOf(shell, "/app/b.ts")).toBeNull();
    expect(nameOf(site, "/app/b.ts")).toBe("site");
    expect(nameOf(site, "/app/home.tsx")).toBeNull();
    expect((shell?.priority ?? 0) > (site?.priority ?? 0)).toBe(true);
  });
});
