/** A piece of a title or description: plain text, or a match of one of the query's terms. */
export interface TextPiece {
  text: string;
  match: boolean;
}

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g;

/**
 * Splits `text` into pieces at the places the query's terms occur (case-insensitive), so that
 * the element can render matches as `<mark>` around text nodes: nothing from the service is
 * ever parsed as HTML. One-letter terms are ignored unless the query is a single letter, so a
 * query like "a guide" does not light up every "a".
 */
export function highlightPieces(text: string, query: string): TextPiece[] {
  const words = query.trim().split(/\s+/u).filter(Boolean);
  const terms = words.length === 1 ? words : words.filter((word) => [...word].length > 1);
  if (text === '' || terms.length === 0) return text === '' ? [] : [{ text, match: false }];
  // Longest first, so "search-box" wins over "search" where both match.
  const pattern = [...new Set(terms.map((term) => term.toLowerCase()))]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(REGEX_SPECIALS, '\\$&'))
    .join('|');
  const matcher = new RegExp(pattern, 'giu');
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const found of text.matchAll(matcher)) {
    const start = found.index ?? 0;
    if (start > last) pieces.push({ text: text.slice(last, start), match: false });
    pieces.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}
