/** Longest description derived from a page's first paragraph. */
export const DESCRIPTION_MAX_CHARS = 300;

/**
 * A short description cut from a paragraph: the whole paragraph when it is short, else cut at the
 * last sentence end that fits, else at a word end with `…`.
 */
export function summarise(paragraph: string, maxChars = DESCRIPTION_MAX_CHARS): string {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd > maxChars / 3) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${head.slice(0, wordEnd > 0 ? wordEnd : maxChars - 1).replace(/[,;:]$/, '')}…`;
}

/** The first paragraph of a plain text that reads as prose (not a code line, not a list of links). */
export function firstProseParagraph(text: string): string {
  for (const paragraph of text.split(/\n\s*\n/)) {
    const trimmed = paragraph.trim();
    if (trimmed.length < 20) continue;
    if (!/[a-z]{3,}\s+[a-z]{2,}/i.test(trimmed)) continue;
    if (/^[{}[\]()<>/$#]|;\s*$/.test(trimmed)) continue;
    return trimmed;
  }
  return '';
}
