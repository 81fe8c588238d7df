import type { AskMeta } from '../../wire/index.js';

/**
 * The page context sent with a question when the site sets no `meta`: the page's title, its
 * URL, its `<html lang>` and the page the visitor came from. Empty values are left out. The URLs
 * go without their query and fragment, which may hold a token (a sign-in link's, OAuth's
 * `#access_token`) that the page's own server sees and the answering service, often another
 * site's, should not, as a browser's referrer policy keeps them from other origins.
 */
export function pageMeta(): AskMeta {
  const meta: AskMeta = {};
  const title = document.title.trim();
  if (title) meta.title = title.slice(0, 1000);
  meta.origin = withoutQuery(location.href);
  const language = document.documentElement.lang.trim();
  if (language) meta.language = language.slice(0, 35);
  if (document.referrer) meta.referrer = withoutQuery(document.referrer);
  return meta;
}

/** A URL up to its query or fragment, within the service's 2,000 characters. */
function withoutQuery(url: string): string {
  return url.split(/[?#]/)[0]!.slice(0, 2000);
}
