/**
 * Heading anchors as the site's generator writes them, so that `link#anchor` lands on the
 * heading of the published page. Each generator slugs a heading's text its own way:
 *
 * - `github`: GitHub's own rendering, and github-slugger's, which Docusaurus, Starlight (Astro),
 *   Hugo and Jekyll (kramdown's GFM input) follow: lower case; every character but letters, marks,
 *   digits, `_`, `-` and spaces dropped; each space a `-` (`set / get` → `set--get`).
 * - `vitepress`: VitePress's (@mdit-vue): accents dropped, each run of spaces and punctuation one
 *   `-`, none at the ends, a leading digit behind `_` (`c.req.param()` → `c-req-param`, `1. Setup`
 *   → `_1-setup`).
 * - `mkdocs`: Python-Markdown's, which MkDocs uses: ASCII only, punctuation but `_` and `-`
 *   dropped, each run of spaces and `-` one `-`.
 *
 * A heading used again on a page takes a suffix: `-1`, `-2` (`_1`, `_2` with MkDocs).
 */
export type AnchorStyle = 'github' | 'vitepress' | 'mkdocs';

export const ANCHOR_STYLES: readonly AnchorStyle[] = ['github', 'vitepress', 'mkdocs'];

/**
 * What github-slugger drops: all but letters, marks, decimal and letter digits, connector
 * punctuation (`_`), `-` and space (`x²` loses its `²`, `½` goes).
 */
const GITHUB_DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu;
/** What VitePress turns into `-`, a run at a time: spaces, ASCII punctuation and curly quotes. */
const VITEPRESS_SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'\u201c\u201d\u2018\u2019<>,.?/]+/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
// eslint-disable-next-line no-control-regex -- VitePress drops exactly these (C0 controls), no more
const CONTROL = /[\u0000-\u001f]/g;

/** A heading's anchor in one generator's style, before any suffix for a repeated heading. */
export function headingSlug(heading: string, style: AnchorStyle = 'github'): string {
  switch (style) {
    case 'vitepress':
      return heading
        .normalize('NFKD')
        .replace(COMBINING_MARKS, '')
        .replace(CONTROL, '')
        .replace(VITEPRESS_SPECIAL, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-+|-+$/g, '')
        .replace(/^(\d)/, '_$1')
        .toLowerCase();
    case 'mkdocs':
      return heading
        .normalize('NFKD')
        .replace(/[^\p{ASCII}]/gu, '')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .toLowerCase()
        .replace(/[-\s]+/g, '-');
    default:
      return heading.toLowerCase().replace(GITHUB_DROPPED, '').replace(/ /g, '-');
  }
}

/** An id Python-Markdown numbers on: `usage_1` goes on as `usage_2`. */
const NUMBERED_ID = /^(.*)_(\d+)$/;

/**
 * Hands out unique anchors within one page, numbering a repeated heading as its generator does:
 *
 * - `github` (github-slugger): the second `Usage` is `usage-1`, the next `usage-2`; an anchor the
 *   page sets itself is not known to it (Docusaurus writes both).
 * - `vitepress` (markdown-it-anchor): `usage-1`, `usage-2`, past every anchor already given.
 * - `mkdocs` (Python-Markdown): `usage_1`, then `usage_2`; a heading whose anchor ends in `_N`
 *   counts on from N (`step_2` repeated is `step_3`); an empty one is `_1`; the anchors the page
 *   sets itself, anywhere on it, are taken first (`reserved`).
 */
export class HeadingSlugger {
  readonly #style: AnchorStyle;
  readonly #taken: Set<string>;
  /** github-slugger's count of each anchor's repeats. */
  readonly #repeats = new Map<string, number>();

  constructor(style: AnchorStyle = 'github', reserved: Iterable<string> = []) {
    this.#style = style;
    this.#taken = new Set(style === 'mkdocs' ? reserved : []);
  }

  slug(heading: string): string {
    const base = headingSlug(heading, this.#style);
    let slug = base;
    switch (this.#style) {
      case 'mkdocs':
        while (this.#taken.has(slug) || slug === '') {
          const numbered = NUMBERED_ID.exec(slug);
          slug = numbered ? `${numbered[1]}_${Number(numbered[2]) + 1}` : `${slug}_1`;
        }
        break;
      case 'vitepress':
        for (let repeat = 1; this.#taken.has(slug); repeat++) slug = `${base}-${repeat}`;
        break;
      default:
        while (this.#taken.has(slug)) {
          const repeat = (this.#repeats.get(base) ?? 0) + 1;
          this.#repeats.set(base, repeat);
          slug = `${base}-${repeat}`;
        }
    }
    this.#taken.add(slug);
    return slug;
  }

  /** An anchor the page sets itself (`{#id}`), known from here on where the generator knows it. */
  take(anchor: string): string {
    if (this.#style !== 'github') this.#taken.add(anchor);
    return anchor;
  }
}
