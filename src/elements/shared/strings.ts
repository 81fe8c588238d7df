/** Helpers for the texts every element shows or announces. */

/** Fills the `{name}` placeholders of a string; an unknown name is left as it is. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * The text to put in a live region that holds `current`: a screen reader does not read the same
 * words twice, so a repeat gets a trailing no-break space that makes it new, and the next repeat
 * loses it again (compared as written: `trim` takes a no-break space off too).
 */
export function freshAnnouncement(text: string, current: string): string {
  return text === current ? `${text}\u00a0` : text;
}

/** Labels of a result's or source's asset type, shown by the search box and the chat alike. */
export const assetTypeLabels: Readonly<Record<string, string>> = {
  webpage: 'Page',
  pdf: 'PDF',
  video: 'Video',
  api: 'API',
};

/**
 * The label of an asset type: the site's (`labels`, its own keys only), else the default, else
 * the type as the service sent it. Naming one label keeps the others' defaults.
 */
export function assetTypeLabel(labels: Readonly<Record<string, string>>, type: string): string {
  if (Object.hasOwn(labels, type)) return labels[type] as string;
  return Object.hasOwn(assetTypeLabels, type) ? (assetTypeLabels[type] as string) : type;
}
