import { site } from "../../shared/site";

type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string };

/** Title "<Page> | GreenScape Charlotte" plus description and Open Graph basics for one page. */
export function pageMeta(page: string, description: string, options: { noindex?: boolean } = {}) {
  return fullTitleMeta(`${page} | ${site.name}`, description, options);
}

/** Same as pageMeta, for a page whose whole title is given (the home page). */
export function fullTitleMeta(
  title: string,
  description: string,
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "website" },
  ];
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
