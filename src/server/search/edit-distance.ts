/** The table's rows, reused: a vocabulary scan calls this for every term of a length near the word's. */
let rows = new Int32Array(3 * 33);

/**
 * True when `a` turns into `b` with at most `max` single-character edits (insertions,
 * deletions, substitutions, or swaps of neighbours: the optimal-string-alignment distance).
 * Stops as soon as a row of the table exceeds `max`, so a vocabulary scan stays cheap; the rows
 * are one typed array kept between calls, where three new arrays a call made a typo correction
 * of a word the site lacks cost three times as much. Only the band of each row within `max` of
 * its diagonal is worked out (Ukkonen's): a cell further off holds more than `max` edits, and so
 * does every path through it, so the cells beside the band hold `max + 1` in its stead; the
 * band's cells are exact when within `max`, more than `max` otherwise, and every answer is as
 * the whole table gives it. A question's words the site lacks are each compared with thousands
 * of terms: the whole rows were 7% of a question's search on MDN.
 */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return false;
  const width = n + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  // Three rows side by side in one array: the one before the previous, the previous, the current.
  let previousPrevious = 0;
  let previous = width;
  let current = 2 * width;
  const beyond = max + 1;
  for (let j = 0; j <= n; j++) rows[previous + j] = j;
  for (let i = 1; i <= m; i++) {
    rows[current] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    const from = Math.max(1, i - max);
    const to = Math.min(n, i + max);
    if (from > 1) rows[current + from - 1] = beyond;
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(
        rows[previous + j]! + 1,
        rows[current + j - 1]! + 1,
        rows[previous + j - 1]! + cost,
      );
      if (j > 1 && i > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj)
        value = Math.min(value, rows[previousPrevious + j - 2]! + 1);
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < n) rows[current + to + 1] = beyond;
    if (rowMin > max) return false;
    const oldest = previousPrevious;
    previousPrevious = previous;
    previous = current;
    current = oldest;
  }
  return rows[previous + n]! <= max;
}
