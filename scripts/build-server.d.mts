// Types of build-server.mjs, for scripts/build-server.test.ts.
import type { BuildOptions } from "esbuild";

export declare const serverOutDir: string;
export declare const serverBuildOptions: BuildOptions & { absWorkingDir: string };
export declare function buildServer(): Promise<void>;
