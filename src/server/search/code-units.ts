/**
 * A string's code units, read by `String.prototype.charCodeAt` and `codePointAt` called on it
 * rather than looked up on it. A site's texts come to V8 as many kinds of string (flat, sliced,
 * joined, internalized; one or two bytes a character), more than a property look-up keeps a fast
 * path for: `text.charCodeAt(i)` looked the method up in V8's shared cache at every character,
 * and reading the 45 million characters of 10,000 MDN pages into term ids took 1.6 times as long.
 */
const charCodeAt = String.prototype.charCodeAt;
const codePointAtMethod = String.prototype.codePointAt;

/** `text.charCodeAt(index)`: the UTF-16 code unit at `index`, NaN past the end. */
export const codeUnitAt = (text: string, index: number): number => charCodeAt.call(text, index);

/** `text.codePointAt(index)`: the code point starting at `index`, undefined past the end. */
export const codePointAt = (text: string, index: number): number | undefined =>
  codePointAtMethod.call(text, index);
