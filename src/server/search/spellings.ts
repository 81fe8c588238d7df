/**
 * British spellings written the American way, for English text and queries alike: "colour" and
 * "color" are one word, not two words of one meaning. As synonyms (a match on the other
 * spelling counting 0.6), a visitor's "colour" weighed as the rarest word of the question on a
 * site written in American English (MDN: "colour" on 3 of its 10,000 pages, "color" on 1,692),
 * put the few pages that happen to write "colour" first, and left a passage saying "color" short
 * of covering the question. Deliberately general and short: spellings that name one thing on any
 * site, never a word that is another word in the other variety ("programme", "dialogue", "tyre").
 */

/**
 * The start of a British word that no other English word starts with, and how American English
 * writes it: "colour", "coloured", "colourful" and a "colou" being typed are all "colo…".
 */
const BRITISH_STARTS: readonly (readonly [british: string, american: string])[] = [
  ['colou', 'colo'],
  ['behaviou', 'behavio'],
  ['favou', 'favo'],
  ['flavou', 'flavo'],
  ['neighbou', 'neighbo'],
  ['grey', 'gray'],
];

/** Whole words whose British spelling is another word's start ("centre" is "centr…" of "central"). */
const BRITISH_WORDS = new Map<string, string>([
  ['centre', 'center'],
  ['centres', 'centers'],
  ['centred', 'centered'],
  ['centring', 'centering'],
  ['licence', 'license'],
  ['licences', 'licenses'],
  ['catalogue', 'catalog'],
  ['catalogues', 'catalogs'],
  ['defence', 'defense'],
  ['defences', 'defenses'],
  ['artefact', 'artifact'],
  ['artefacts', 'artifacts'],
  ['analyse', 'analyze'],
  ['analysed', 'analyzed'],
  ['analysing', 'analyzing'],
  ['analyser', 'analyzer'],
  ['analysers', 'analyzers'],
]);

/**
 * Verbs in -ise that American English writes -ize, by their start: `optimis` + `e`, `ed`, `ing`,
 * `ation`… A list, since most words in -ise are no such verb ("promise", "raise", "expertise").
 */
const ISE_VERBS =
  /^(optimi|customi|initiali|reinitiali|seriali|deseriali|authori|unauthori|normali|organi|recogni|minimi|maximi|prioriti|synchroni|visuali|finali|saniti|utili|capitali|summari|categori|standardi|locali|internationali|memori|personali|speciali|stabili|tokeni|virtuali|randomi|reali|materiali|parametri|emphasi|apologi|critici|itemi)s(e|es|ed|ing|ation|ations|er|ers)$/;

/** A word of lower-case letters as American English spells it (itself when it is no British spelling). */
export function americanSpelling(word: string): string {
  const whole = BRITISH_WORDS.get(word);
  if (whole !== undefined) return whole;
  for (const [british, american] of BRITISH_STARTS)
    if (word.startsWith(british)) return american + word.slice(british.length);
  const verb = ISE_VERBS.exec(word);
  return verb ? `${verb[1]}z${verb[2]}` : word;
}
