/**
 * Text longer than the service takes, in a field a visitor fills: kept whole in the field (a
 * `maxlength` cut a pasted text short without a word), not sent, and said under it with its
 * length and the most that can be sent. The count follows the visitor's edits, and the notice
 * goes once the text fits. The chat's question and the feedback note share it. It imports
 * nothing (not even `fill`): a module both lazy parts import is a file of its own, and one
 * importing what the first load holds split that in two for a bundler such as esbuild.
 */
export class LengthLimit {
  /** The length of the text refused, while its notice shows; else 0. */
  #count = 0;

  constructor(readonly max: number) {}

  /** Text about to be sent: true, and the notice shows, when it is too long. */
  refuses(text: string): boolean {
    const count = text.trim().length;
    this.#count = count > this.max ? count : 0;
    return this.#count > 0;
  }

  /** The field was edited: true while a notice shows, which counts along, or goes once it fits. */
  edited(text: string): boolean {
    return this.#count > 0 && (this.refuses(text), true);
  }

  /** The notice, `template` with its `{count}` and `{max}` filled in; '' when none shows. */
  notice(template: string): string {
    return this.#count
      ? template.replaceAll('{count}', String(this.#count)).replaceAll('{max}', String(this.max))
      : '';
  }
}
