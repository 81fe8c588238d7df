/**
 * The characters an HTML answer's entities stand for: the five of XML, `&nbsp;` and numeric ones
 * (decimal and hexadecimal, any number of digits, as HTML reads them). Any other, and a number
 * that is no character (zero, past U+10FFFF), is left as written. Shared by the chat, which shows
 * an answer it cannot parse as plain text, and the service, which hands earlier answers to a
 * language model as text. No DOM and no dependency, so that both can import it.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower[0] !== '#') return NAMED_ENTITIES[lower];
    const code = lower[1] === 'x' ? parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};
