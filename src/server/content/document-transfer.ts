import type { DocumentSection, SectionValues, SourceDocument } from './document.js';
import { type DocumentWithoutText, withoutText, withTextOfSections } from './document-record.js';

/**
 * Where a paragraph stands in its section's text, `start, end` (two numbers), or the string itself
 * when the text does not hold it (a section a host built otherwise).
 */
type Place = number | string;

/** A section's values by paragraph (a Map) as sent: where each key stands, and the values in order. */
type PlacedValues = [keys: Place[], values: unknown[]];

/** The values by paragraph a section may have, each a Map from a reader (see `DocumentSection`). */
const VALUES_BY_PARAGRAPH = [
  'codeLanguages',
  'codeBlankLines',
  'listItems',
  'definitions',
  'tableRows',
] as const;
type ValuesByParagraph = (typeof VALUES_BY_PARAGRAPH)[number];

/**
 * A section as a reading thread hands it over: its code blocks, and the keys of its values by
 * paragraph, given by where they stand in its text. Each is a paragraph of the text, which a
 * structured clone copies again for each: 53 of the 172 MB that 10,000 MDN pages took to send
 * to the indexing thread, and as many megabytes of strings made there.
 */
type SectionOnWire = Omit<DocumentSection, 'code' | ValuesByParagraph> & {
  code?: Place[];
} & { [field in ValuesByParagraph]?: PlacedValues | DocumentSection[field] };

/** A document as a reading thread hands it over (see `documentForTransfer`). */
export interface DocumentOnWire extends Omit<DocumentWithoutText, 'sections'> {
  sections: SectionOnWire[];
}

/** Where each of `keys` stands in `text`, each looked for from where the last one was (see `Place`). */
function placesOf(text: string, keys: Iterable<string>): Place[] {
  const places: Place[] = [];
  let from = 0;
  for (const key of keys) {
    let at = text.indexOf(key, from);
    if (at < 0) at = text.indexOf(key);
    if (at < 0) places.push(key);
    else {
      places.push(at, at + key.length);
      from = at + key.length;
    }
  }
  return places;
}

/** The strings at `places` in `text`. */
function stringsAt(text: string, places: readonly Place[]): string[] {
  const strings: string[] = [];
  for (let i = 0; i < places.length; i++) {
    const place = places[i] as Place;
    strings.push(typeof place === 'string' ? place : text.slice(place, places[++i] as number));
  }
  return strings;
}

function sectionForTransfer(section: DocumentSection): SectionOnWire {
  // A copy whose fields are then replaced in place, so that they keep their order.
  const sent: SectionOnWire = { ...section };
  const { text, code } = section;
  if (code) sent.code = placesOf(text, code);
  for (const field of VALUES_BY_PARAGRAPH) {
    const values = section[field];
    if (values instanceof Map) sent[field] = [placesOf(text, values.keys()), [...values.values()]];
  }
  return sent;
}

/** The section `sectionForTransfer` sent, made again in place (the copy received is this thread's own). */
function transferredSection(sent: SectionOnWire): DocumentSection {
  const { text, code } = sent;
  const section = sent as DocumentSection;
  if (code) section.code = stringsAt(text, code);
  for (const field of VALUES_BY_PARAGRAPH) {
    const values = sent[field];
    // An array is what `sectionForTransfer` made of a Map; an object keyed by paragraphs is as it was.
    if (!Array.isArray(values)) continue;
    const [places, list] = values as PlacedValues;
    const byParagraph = new Map<string, unknown>();
    let key = 0;
    for (let i = 0; i < places.length; i++) {
      const place = places[i] as Place;
      const paragraph = typeof place === 'string' ? place : text.slice(place, places[++i] as number);
      byParagraph.set(paragraph, list[key++]);
    }
    (section as Record<ValuesByParagraph, SectionValues<unknown>>)[field] = byParagraph;
  }
  return section;
}

/**
 * A document read in a reading thread, as it is handed to the thread that indexes it: without
 * its text (see `withoutText`), its sections' paragraphs by place (see `SectionOnWire`).
 */
export function documentForTransfer(document: SourceDocument): DocumentOnWire {
  return { ...withoutText(document), sections: document.sections.map(sectionForTransfer) };
}

/** The document a reading thread handed over, as it was read there (see `documentForTransfer`). */
export function transferredDocument(sent: DocumentOnWire): SourceDocument {
  return withTextOfSections({ ...sent, sections: sent.sections.map(transferredSection) });
}
