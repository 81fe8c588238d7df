import type { DocumentSection } from './document.js';
import { HeadingSlugger } from './heading-slug.js';

/** Longest code block kept in a section's text: enough to find an identifier, not enough to drown the prose. */
export const CODE_BLOCK_MAX_LINES = 30;
export const CODE_BLOCK_MAX_CHARS = 1500;

/** A line break, a tab or two spaces in a row: what `addParagraph` tidies. */
const MESSY_SPACE = /[\n\t]| {2}/;

/**
 * Collects the paragraphs of a page into sections split at its headings. Every reader (Markdown,
 * HTML, plain text) feeds one of these, so that all formats give the same shape of section.
 */
export class SectionBuilder {
  readonly #sections: DocumentSection[] = [];
  readonly #slugger = new HeadingSlugger();
  #current: { heading: string; anchor: string; level: number; paragraphs: string[]; code: string[] } = {
    heading: '',
    anchor: '',
    level: 0,
    paragraphs: [],
    code: [],
  };

  /** Starts a section at a heading; `anchor` is the heading's own id when the source gives one. */
  startSection(heading: string, level: number, anchor?: string): void {
    this.#flush();
    const text = heading.replace(/\s+/g, ' ').trim();
    this.#current = {
      heading: text,
      anchor: anchor ?? this.#slugger.slug(text),
      level,
      paragraphs: [],
      code: [],
    };
  }

  addParagraph(text: string): void {
    // Most paragraphs are one line of single spaces: nothing to tidy but its ends.
    if (!MESSY_SPACE.test(text)) {
      const line = text.trim();
      if (line !== '') this.#current.paragraphs.push(line);
      return;
    }
    const paragraph = text
      .split('\n')
      .map((line) => line.replace(/[ \t]+/g, ' ').trim())
      .filter((line) => line !== '')
      .join('\n');
    if (paragraph !== '') this.#current.paragraphs.push(paragraph);
  }

  /** Adds a code block, cut to its first lines: code is searchable, but a long listing says little more. */
  addCode(code: string): void {
    let lines = code.replace(/\s+$/, '').split('\n');
    while (lines.length > 0 && lines[0]?.trim() === '') lines = lines.slice(1);
    if (lines.length === 0) return;
    let kept = lines.slice(0, CODE_BLOCK_MAX_LINES).join('\n');
    if (kept.length > CODE_BLOCK_MAX_CHARS)
      kept = kept.slice(0, kept.lastIndexOf('\n', CODE_BLOCK_MAX_CHARS));
    // Blank lines separate paragraphs in `text`, so a code block must not contain one, nor end
    // with a line break (cut at a blank line), which would join the next paragraph.
    kept = kept.replace(/\n[ \t]*(?:\n[ \t]*)+\n?/g, '\n').replace(/\s+$/, '');
    if (kept.trim() === '') return;
    this.#current.paragraphs.push(kept);
    this.#current.code.push(kept);
  }

  /** The sections, in page order; a section with neither heading nor text is dropped. */
  finish(): DocumentSection[] {
    this.#flush();
    return this.#sections;
  }

  #flush(): void {
    const { heading, anchor, level, paragraphs, code } = this.#current;
    if (heading === '' && paragraphs.length === 0) return;
    const section: DocumentSection = { heading, anchor, level, text: paragraphs.join('\n\n') };
    if (code.length > 0) section.code = code;
    this.#sections.push(section);
  }
}
