/**
 * The URL allow-list every element applies before it turns text from the service (a search
 * result's link, a source in an answer) into something a visitor can follow.
 */

export interface AllowedUrlOptions {
  /** Also allow `mailto:` links. */
  allowMailto?: boolean;
  /** Also allow `data:` URLs of raster images (png, gif, jpeg, webp, avif; never svg), for `<img src>`. */
  allowDataImage?: boolean;
}

// Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces at both
// ends, so `java\nscript:` runs as `javascript:`: check the URL the browser would see.
const IGNORED_INSIDE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const TRIMMED_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp|avif)(?:;[a-z\d=.+-]+)*;base64,[a-z\d+/=\s]*$/i;

/**
 * True when `url` is an http or https URL or a relative one (`/docs`, `page`, `#part`, `?q=`),
 * or, when asked for, a `mailto:` link or a raster `data:` image. False for every other scheme
 * (`javascript:`, `data:`, `vbscript:`, `file:`…) and for scheme-relative `//host` (also spelt
 * with backslashes, which browsers read as slashes).
 */
export function isAllowedUrl(url: string, options: AllowedUrlOptions = {}): boolean {
  if (typeof url !== 'string') return false;
  const cleaned = url.replace(IGNORED_INSIDE, '').replace(TRIMMED_ENDS, '');
  if (cleaned === '') return false;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[\\/]{2}/.test(cleaned);
  if (scheme === 'http' || scheme === 'https') return true;
  if (scheme === 'mailto') return options.allowMailto === true;
  if (scheme === 'data') return options.allowDataImage === true && DATA_IMAGE.test(cleaned);
  return false;
}
