// Our Content-Security-Policy forbids eval. Without this, zod probes `new Function` whenever an object schema
// is built, and the browser reports each probe as a CSP violation (Lighthouse's "inspector issues"). zod reads
// its settings from this global (shared by every copy of zod on a page), so setting it here keeps zod itself
// out of the public shell; zod-jitless.test.ts checks that zod still reads it. Imported first by root.tsx,
// before any module builds a schema, and listed in package.json's sideEffects so the bundler keeps it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: a zod already loaded holds this very object.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
