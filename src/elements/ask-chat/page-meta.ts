import type { AskMeta } from '../../wire/index.js';

/**
 * The page context sent with a question when the site sets no `meta`: the page's title, its
 * URL, its `<html lang>` and the page the visitor came from. Empty values are left out.
 */
export function pageMeta(): AskMeta {
  const meta: AskMeta = {};
  const title = document.title.trim();
  if (title) meta.title = title.slice(0, 1000);
  meta.origin = location.href.slice(0, 2000);
  const language = document.documentElement.lang.trim();
  if (language) meta.language = language.slice(0, 35);
  if (document.referrer) meta.referrer = document.referrer.slice(0, 2000);
  return meta;
}
