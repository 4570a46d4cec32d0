import { PAGE_DATA_ID } from "../../../../shared/page-data";

let read = false;
let carried: { key: string; data: unknown } | null = null;

/**
 * The answer the server drew this page from, when its key is the one asked for: read once, on the first load
 * only (a later in-app visit asks the API, whose answer may be newer).
 */
export function pageData<T>(key: string): T | undefined {
  if (typeof document === "undefined") return undefined;
  if (!read) {
    read = true;
    const text = document.getElementById(PAGE_DATA_ID)?.textContent;
    try {
      carried = text ? (JSON.parse(text) as { key: string; data: unknown }) : null;
    } catch {
      carried = null;
    }
  }
  return carried?.key === key ? (carried.data as T) : undefined;
}
