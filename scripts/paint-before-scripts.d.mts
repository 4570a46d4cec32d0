export const DEFERRED_ID: string;
export function starter(preloads: string[]): string;
export function paintBeforeScripts(html: string): string;
export function deferPrerenderedScripts(dir: string): number;
