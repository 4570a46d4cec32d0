const probe = "http://same-site.invalid";

export type NotificationTarget = { kind: "internal"; path: string } | { kind: "external"; href: string };

/**
 * Where a notification's link leads: a path on this site (followed with the router), an http(s) address
 * elsewhere (opened in a new tab), or nothing for an empty or unsafe link (javascript:, data:...).
 */
export function notificationTarget(link: string | null | undefined): NotificationTarget | null {
  const value = link?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, probe);
  } catch {
    return null;
  }
  if (url.origin === probe) {
    if (!value.startsWith("/")) return null;
    return { kind: "internal", path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (url.protocol === "https:" || url.protocol === "http:") return { kind: "external", href: url.href };
  return null;
}

/** The href for an <a>: the path itself for this site, the full address otherwise. */
export function targetHref(target: NotificationTarget): string {
  return target.kind === "internal" ? target.path : target.href;
}
