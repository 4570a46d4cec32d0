import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { serverBuildOptions } from "./build-server.mjs";

/**
 * The compiled server imports packages from node_modules at run time (docs/decisions/016-compiled-server.md):
 * each must be a production dependency, so a deployment that installs without devDependencies after building
 * still starts, and no TypeScript tooling (tsx, esbuild, typescript) is needed to run it.
 */
describe("the server build", () => {
  it("imports only production dependencies", async () => {
    const root = serverBuildOptions.absWorkingDir;
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const result = await build({ ...serverBuildOptions, write: false, metafile: true, logLevel: "silent" });
    const packages = new Set<string>();
    for (const output of Object.values(result.metafile.outputs)) {
      for (const { path: specifier, external } of output.imports) {
        if (!external || specifier.startsWith("node:")) continue;
        const parts = specifier.split("/");
        packages.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
      }
    }
    expect(packages.size).toBeGreaterThan(10);
    expect([...packages].filter((name) => !(name in manifest.dependencies))).toEqual([]);
    for (const tool of ["tsx", "esbuild", "typescript"])
      expect(manifest.dependencies).not.toHaveProperty(tool);
  }, 60_000);
});
