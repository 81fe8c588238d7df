/**
 * The key questions are grouped by in analytics and top questions, kept in the store's
 * `question_key` column.
 */

/**
 * What may stand around a question without changing it: spaces, end punctuation of any script
 * ("?", "؟", "。", "‽"), a Spanish opening "¿", quotes and brackets, and emoji ("…? 🙏", with
 * their skin tones and variation selectors). Not "#", "+" or "%", which name things ("C#", "C++").
 */
const SURROUNDING_MARKS = String.raw`(?:[\s?!.…:;,"'\x60‽؟¿¡。？！：；，、()[\]{}«»“”‘’„\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]|\uFE0F)+`;
const AROUND_A_QUESTION = new RegExp(`^${SURROUNDING_MARKS}|${SURROUNDING_MARKS}$`, 'gu');

/** Folds a question so that "How do I install it?" and "how do i install it" count together. */
export function questionKey(query: string): string {
  const spaced = query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A question of punctuation alone ("??") keeps it.
  return spaced.replace(AROUND_A_QUESTION, '') || spaced;
}
