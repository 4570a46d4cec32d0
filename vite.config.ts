import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { firstScreenFiles } from "./scripts/first-screen-files";

const client = (file: string) => path.resolve(import.meta.dirname, "src/client", file);
const feature = (file: string) => client(`features/${file}`);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    sourcemap: false,
    rollupOptions: {
      output: {
        // The first screens Lighthouse measures (README "Performance"): what the site shell, the public
        // pages and the two forms of the public site run, each in one file.
        codeSplitting: firstScreenFiles([
          { name: "shell", roots: [client("root.tsx"), feature("site/components/site-layout.tsx")] },
          {
            name: "site",
            roots: ["home", "about", "professionals", "troubleshooting"].map((page) =>
              feature(`site/routes/${page}.tsx`),
            ),
          },
          {
            name: "forms",
            roots: [feature("quotes/routes/instant-quote.tsx"), feature("accounts/routes/login.tsx")],
          },
        ]),
      },
    },
  },
});
