/**
 * The data a server-rendered page was drawn from (src/server/features/profiles/pages.ts), written into its
 * <head> as a JSON data block that no browser executes: the page's script reads it instead of asking the API
 * again, so its first render is the server's HTML exactly and React hydrates it without a flash.
 */
export const PAGE_DATA_ID = "page-data";

/** Which answer a page carries: "pros:<slug>" for a profile, "pros?<query>" for the list. */
export function pageDataKey(kind: "profile" | "list", value: string): string {
  return kind === "profile" ? `pros:${value}` : `pros?${value}`;
}

/** JSON made safe inside <script>: no "</script>", no "<!--", no line separators that end a JS string. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
