/**
 * Heading anchors in the style VitePress and GitHub use (`## Base Path` → `base-path`), so that
 * `link#anchor` lands on the heading of the published page.
 */
export function headingSlug(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out unique slugs within one page: the second `Usage` becomes `usage-1`, as VitePress does. */
export class HeadingSlugger {
  readonly #seen = new Map<string, number>();

  slug(heading: string): string {
    const base = headingSlug(heading);
    if (base === '') return '';
    const count = this.#seen.get(base);
    this.#seen.set(base, (count ?? 0) + 1);
    return count === undefined ? base : `${base}-${count}`;
  }
}
