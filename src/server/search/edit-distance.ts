/**
 * True when `a` turns into `b` with at most `max` single-character edits (insertions,
 * deletions, substitutions, or swaps of neighbours: the optimal-string-alignment distance).
 * Stops as soon as a row of the table exceeds `max`, so a vocabulary scan stays cheap.
 */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (a === b) return true;
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return false;
  let previousPrevious = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
    [previousPrevious, previous, current] = [previous, current, previousPrevious];
  }
  return (previous[n] as number) <= max;
}
