/**
 * How `<ask-chat>` draws an answer record: its body (the sanitized answer, each code block with a
 * Copy code button), its source with the confidence, the other pages it came from, and the
 * documents listed above an answer folded away as not sure. Functions of the record and the
 * chat's strings, which keep nothing of the conversation; a link followed fires
 * `ask-source-click` from the chat. Part of the chat's behaviour (imported by chat-behaviour.ts,
 * in its chunk).
 */
import { html, nothing } from 'lit';
import { renderAnswer } from '../../render/answer-renderer.js';
import type { AnswerFormat, AnswerRecord } from '../../wire/index.js';
import { otherPages, saysDescription, SEE_ALSO_PAGES, sourceLink } from './answer-documents.js';
import { emit } from '../shared/events.js';
import { isAllowedUrl } from '../shared/safe-url.js';
import { assetTypeLabel, fill } from '../shared/strings.js';
import type { AskChatStrings } from './chat-strings.js';

/**
 * Whether an answer is shown folded away as "not sure": under the chat's `min-relevance`. An
 * unknown score (see renderSource) is no more sure than a low one.
 */
export function isUnsure(record: AnswerRecord, minRelevance: number): boolean {
  return minRelevance > 0 && !(record.relevanceScore >= minRelevance);
}

/**
 * Whether an unanswered record's answer is a reply to show as it is: it asks the visitor for a
 * value (a custom agent's `missing`), or answers small talk ("thanks!": `context.smallTalk`).
 */
export function repliesInWords(record: AnswerRecord): boolean {
  const missing = (record.context['customAgent'] as { missing?: unknown } | undefined)?.missing;
  return (Array.isArray(missing) && missing.length > 0) || record.context['smallTalk'] === true;
}

/** What a code block's Copy code button needs of the chat: its strings now, and its status line. */
export interface CodeCopySetting {
  strings: () => AskChatStrings;
  announce: (message: string) => void;
}

/** When each code block's Copy code button says "Copy code" again after a press. */
const codeLabelTimers = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

/**
 * An answer's text drawn through the renderer (the one path for untrusted HTML) into the element
 * the transcript shows, its code blocks with their Copy code buttons. Rejects when marked and
 * DOMPurify could not be fetched.
 */
export async function answerBody(
  text: string,
  format: AnswerFormat,
  codeCopy: CodeCopySetting,
  emptied: string,
): Promise<HTMLElement> {
  const body = document.createElement('div');
  body.setAttribute('part', 'answer-body');
  body.className = 'answer-body';
  body.append(await renderAnswer(text, format));
  // An answer of markup alone that the sanitizer removed whole (a script, a handler on an element
  // dropped) would be an empty bubble under its source: say so, in place of nothing.
  if (text.trim() !== '' && body.textContent!.trim() === '' && !body.querySelector('img')) {
    const notice = document.createElement('p');
    notice.setAttribute('part', 'error');
    notice.className = 'error';
    notice.textContent = emptied;
    body.append(notice);
  }
  addCodeCopyButtons(body, codeCopy);
  keepCodeOpeningsWhole(body);
  // An English answer reads left to right on a right-to-left page, and an Arabic one the other way.
  // Set once the answer is in: set before, each node appended made the browser look at the
  // direction of all the text again (a 430 KB answer froze the page for 5.8 s).
  body.dir = 'auto';
  return body;
}

/**
 * Gives each code block of a rendered answer a button that copies its code alone: an answer
 * that shows a command and a file to write is used a block at a time. Made with the DOM, after
 * the answer went through the sanitizer: no markup of the answer's own is involved.
 */
function addCodeCopyButtons(body: HTMLElement, codeCopy: CodeCopySetting): void {
  for (const pre of body.querySelectorAll('pre')) {
    if (pre.parentElement?.closest('pre')) continue;
    const block = document.createElement('div');
    block.className = 'code-block';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.setAttribute('part', 'button code-copy-button');
    // Its own direction, so that its label is not what sets the answer's (body.dir = 'auto').
    button.dir = 'auto';
    button.textContent = codeCopy.strings().copyCode;
    button.addEventListener('click', () => void copyCode(pre, button, codeCopy));
    nameCodeBlock(pre, codeCopy.strings());
    pre.replaceWith(block);
    block.append(pre, button);
  }
}

/** The longest inline code kept whole on one line: at a phone's chat, about half a line. */
const SHORT_CODE_CHARS = 14;

/**
 * Keeps a short piece of inline code (a flag, a property, a tag) on one line, and the punctuation
 * a longer one opens with on the line of the word after it (`--max-old-space-size`, `::part`):
 * a line may break after a hyphen, which left "--" alone at a line's end and "site-url" on the
 * next, or "color-" and "scheme". A longer code still breaks, so that none runs past the answer.
 * The code's text is unchanged, only wrapped.
 */
function keepCodeOpeningsWhole(body: HTMLElement): void {
  for (const code of body.querySelectorAll(':not(pre) > code')) {
    const text = code.firstChild;
    if (!(text instanceof Text)) continue;
    const short =
      text.data === code.textContent && text.data.length <= SHORT_CODE_CHARS && !/\s/.test(text.data);
    const opening = short ? text.data : /^[^\p{L}\p{N}\s]+[\p{L}\p{N}]+/u.exec(text.data)?.[0];
    if (!opening) continue;
    if (opening.length < text.data.length) text.splitText(opening.length);
    const whole = document.createElement('span');
    whole.className = 'code-opening';
    text.replaceWith(whole);
    whole.append(text);
  }
}

async function copyCode(
  pre: HTMLPreElement,
  button: HTMLButtonElement,
  codeCopy: CodeCopySetting,
): Promise<void> {
  const s = codeCopy.strings();
  let said = s.codeCopied;
  try {
    await navigator.clipboard.writeText(pre.textContent ?? '');
  } catch {
    said = s.codeCopyFailed;
  }
  // Said on the button the visitor pressed, and to a screen reader, then the label comes back.
  button.textContent = said;
  codeCopy.announce(said);
  // Pressed again meanwhile, the label stays its 2 seconds from the last press.
  clearTimeout(codeLabelTimers.get(button));
  codeLabelTimers.set(
    button,
    setTimeout(() => (button.textContent = codeCopy.strings().copyCode), 2000),
  );
}

/**
 * Names a code block, which Tab reaches (the sanitizer makes it focusable so that the arrow keys
 * scroll it): named by nothing, a screen reader said its whole code as its name. A group, as a
 * `<pre>` is a generic element, which ARIA gives no name.
 */
function nameCodeBlock(pre: HTMLPreElement, s: AskChatStrings): void {
  const language = /(?:^|\s)language-(\S+)/.exec(pre.querySelector('code')?.className ?? '')?.[1];
  pre.setAttribute('role', 'group');
  pre.setAttribute('aria-label', language ? fill(s.codeBlockLanguage, { language }) : s.codeBlock);
}

/** The code blocks of an answer drawn with other strings: their names and Copy code buttons (made outside Lit, they follow `strings` here). */
export function relabelCodeBlocks(body: HTMLElement, s: AskChatStrings): void {
  for (const button of body.querySelectorAll('.code-copy')) button.textContent = s.copyCode;
  for (const pre of body.querySelectorAll<HTMLPreElement>('.code-block > pre')) nameCodeBlock(pre, s);
}

/**
 * The text of a rendered answer as the visitor reads it, without its code blocks' copy buttons.
 * innerText keeps the answer's line breaks, but is empty while the answer is not shown (a "not
 * sure" answer still folded away): then the text content of a copy without the buttons.
 */
export function answerText(body: HTMLElement): string {
  const buttons = [...body.querySelectorAll<HTMLElement>('.code-copy')];
  for (const button of buttons) button.hidden = true;
  const shown = body.innerText.trim();
  for (const button of buttons) button.hidden = false;
  if (shown) return shown;
  const copy = body.cloneNode(true) as HTMLElement;
  for (const button of copy.querySelectorAll('.code-copy')) button.remove();
  return copy.textContent ?? '';
}

/**
 * A label before what it names, with a colon: the site's own when its translation ends in one
 * ("Source :" with French's space before it, "ソース："), else an English one.
 */
const labelled = (label: string): string => (/[:：]\s*$/u.test(label) ? label : `${label}:`);

/** A link to a page the answer came from, followed in a new tab; text alone when its URL is not allowed. */
function pageLink(chat: HTMLElement, record: AnswerRecord, link: string, title: string, part: string) {
  const text = title || link;
  return isAllowedUrl(link)
    ? html`<a
        part=${part}
        href=${link}
        target="_blank"
        rel="noopener noreferrer"
        @click=${(event: MouseEvent) => onSourceClick(chat, event, record, link, text)}
        >${text}</a
      >`
    : html`<span part=${part}>${text}</span>`;
}

function onSourceClick(
  chat: HTMLElement,
  event: MouseEvent,
  record: AnswerRecord,
  link: string,
  title: string,
): void {
  const newTab = event.ctrlKey || event.metaKey || event.shiftKey;
  if (!emit(chat, 'source-click', { record, link, title, newTab }, { cancelable: true }))
    event.preventDefault();
}

/** Under an answer: its source, asset type, confidence, description, and the other pages it came from. */
export function renderSource(
  chat: HTMLElement,
  record: AnswerRecord,
  format: AnswerFormat,
  s: AskChatStrings,
) {
  const score = Math.round(record.relevanceScore);
  const [level, label] =
    score >= 70
      ? ['high', s.confidenceHigh]
      : score >= 40
        ? ['medium', s.confidenceMedium]
        : ['low', s.confidenceLow];
  return html`<div part="source" class="source">
    ${
      // No source named (the service sent none we can read): no "Source:" before nothing.
      // The label and its page are one line of text, one flex item: as two, a title longer than
      // the rest of the line (on a phone) left "Source:" alone on its line, the title under it.
      record.link || record.title
        ? html`<span
            ><span class="source-label">${labelled(s.source)}</span>
            ${pageLink(chat, record, sourceLink(record), record.title, 'source-link')}</span
          >`
        : nothing
    }
    ${
      record.assetType
        ? html`<span part="asset-type" class="badge">${assetTypeLabel(s.assetTypes, record.assetType)}</span>`
        : nothing
    }
    ${
      // A score the service didn't send as a number (NaN, see chat-client.ts; null once the
      // conversation was kept in sessionStorage) is no confidence at all.
      !Number.isFinite(record.relevanceScore)
        ? nothing
        : html`<span part="confidence" class="confidence" data-level=${level}
            ><span class="meter" aria-hidden="true"><i></i><i></i><i></i></span>${fill(label, {
              score,
            })}</span
          >`
    }
    ${
      // Not a description the answer says already (a page's opening, quoted).
      record.description && !saysDescription(record.answer, record.description, format === 'html')
        ? html`<p part="source-description" class="description" dir="auto">${record.description}</p>`
        : nothing
    }
    ${renderRelated(chat, record, s)}
  </div>`;
}

/**
 * "See also": the other pages the answer's passages came from, after its source. The service's
 * first page is not always the one a visitor needs, and the next two often are: on the Hono
 * docs' benchmark questions, the source is the right page for 70–84% of them, and the source or
 * one of these for 80–92%. A line of text, label and links (a list labelled by a hidden label
 * is read without it where a list styled inline is no list, as in WebKit).
 */
function renderRelated(chat: HTMLElement, record: AnswerRecord, s: AskChatStrings) {
  const related = otherPages(record).slice(0, SEE_ALSO_PAGES);
  if (related.length === 0) return nothing;
  const links = related.map(
    ({ link, title }, i) =>
      html`${i > 0 ? html`<span aria-hidden="true"> · </span>` : nothing}${pageLink(chat, record, link, title, 'related-link')}`,
  );
  return html`<p part="related" class="related">
    <span class="source-label">${labelled(s.related)}</span> ${links}
  </p>`;
}

/** The source and up to three other documents the answer was drawn from, each once. */
export function renderDocuments(chat: HTMLElement, record: AnswerRecord) {
  const documents = [
    ...(record.link ? [{ link: sourceLink(record), title: record.title }] : []),
    ...otherPages(record),
  ].slice(0, 4);
  return html`<ul class="documents">
    ${documents.map(({ link, title }) => html`<li>${pageLink(chat, record, link, title, 'source-link')}</li>`)}
  </ul>`;
}
