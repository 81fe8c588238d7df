/**
 * The one path for untrusted HTML in ask-elements. Every answer, whatever its format, goes
 * through `renderAnswer`: markdown through marked, then DOMPurify with an explicit
 * configuration, then a URL allow-list on every URL attribute. The result is a DOM fragment
 * that Lit renders as a node: no code of ours assigns `innerHTML`, so a page that requires
 * Trusted Types works with `trusted-types dompurify lit-html` in its CSP.
 *
 * marked and DOMPurify live in `sanitizer-chunk.ts`, loaded by a dynamic `import()` on the first
 * answer (the build writes it as a chunk beside the main file), so a page that never asks never
 * pays for them.
 */
import { importOnce } from '../elements/shared/import-once.js';
import { isAllowedUrl } from '../elements/shared/safe-url.js';
import type * as SanitizerModule from './sanitizer-chunk.js';
import type { AnswerFormat } from '../wire/index.js';

export type { AnswerFormat };

type SanitizerChunk = typeof SanitizerModule;

/**
 * Starts loading marked and DOMPurify, if not yet started; call it when a question is sent so
 * the chunk arrives while the service is still answering. A failed load is retried next time.
 */
export const loadRenderer: () => Promise<SanitizerChunk> = importOnce(
  () => import('./sanitizer-chunk.js'),
  import.meta.url,
);

/**
 * Renders untrusted answer text (markdown by default, or html) into a sanitized fragment, ready
 * to be rendered as a node. Never throws on hostile input: what is not allowed is dropped.
 */
export async function renderAnswer(
  text: string,
  format: AnswerFormat = 'markdown',
): Promise<DocumentFragment> {
  const { sanitizeAnswer } = await loadRenderer();
  return sanitizeAnswer(text, format, isAllowedUrl);
}
