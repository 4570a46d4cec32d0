// What other features may use of profiles (the linter forbids reaching past this file).
export { builtAt, loadPageShells, type PageShells, profilePages } from "./pages.js";
export { listPros, proProfile } from "./reads.js";
export { profileRoutes } from "./routes.js";
export { seoFileRoutes } from "./sitemap.js";
export { visibleBySlug } from "./visible.js";
