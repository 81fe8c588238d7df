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
