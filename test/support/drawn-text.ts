/**
 * Where each character of a field's text is drawn, laid out as the field lays it out (its
 * direction, `unicode-bidi` and font), for tests of bidirectional text: a copy of the text in a
 * line added to `container`, and the left edge of the character at a given index in it.
 */
export function drawnCharacters(
  field: HTMLInputElement | HTMLTextAreaElement,
  container: Element,
): (at: number) => number {
  const style = getComputedStyle(field);
  const copy = document.createElement('span');
  copy.textContent = field.value;
  Object.assign(copy.style, { direction: style.direction, unicodeBidi: style.unicodeBidi, font: style.font });
  const line = document.createElement('div');
  line.style.direction = style.direction;
  line.append(copy);
  container.append(line);
  return (at) => {
    const range = document.createRange();
    range.setStart(copy.firstChild!, at);
    range.setEnd(copy.firstChild!, at + 1);
    return range.getBoundingClientRect().left;
  };
}

/**
 * Where each character of an element's text (its text nodes in order, as `textContent` reads
 * them, `<bdi>` and other inline elements included) is drawn: the left edge of the character at
 * a given index, as the page lays it out.
 */
export function drawnTextOf(element: Element): (at: number) => number {
  return (at) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const length = node.textContent!.length;
      if (at < length) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect().left;
      }
      at -= length;
    }
    throw new Error(`no character at ${at} in "${element.textContent}"`);
  };
}
