/**
 * The visitor's place at `<ask-chat>`'s composer across the chat's updates: the composer kept on
 * screen while they type in it and the page grows above it, and the focus kept in the chat when
 * an update takes away the part that had it. Part of the chat's behaviour (imported by
 * chat-behaviour.ts, in its chunk): it reads the composer and the focus before each update, and
 * puts them back after it.
 */
import type { LitElement, ReactiveController } from 'lit';

/** Where the composer was after an update: see `ComposerPlace`'s `#composer`. */
interface ComposerSeen {
  onScreen: boolean;
  pageBottom: number;
}

/**
 * Where the screen ends, in the page's layout coordinates: above a phone's on-screen keyboard,
 * which shrinks the visual viewport but not the window.
 */
function screenBottom(): number {
  const viewport = globalThis.visualViewport;
  return viewport ? viewport.offsetTop + viewport.height : innerHeight;
}

export class ComposerPlace implements ReactiveController {
  /** The chat, whose shadow root holds the composer. */
  readonly #host: LitElement;
  /**
   * The composer after the last update: whether the visitor was typing in it on screen (at least
   * in part), and where its bottom was on the page (see `#keepComposerOnScreen`).
   */
  #composer: ComposerSeen | undefined;
  /** What had the focus in the chat when this update began (see #keepFocus). */
  #focusedBefore: Element | null = null;

  constructor(host: LitElement) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    // The visitor may have begun typing since the last update, which focusing and typing don't
    // cause: where the composer is now, before this update moves it, unless it was on screen then
    // (the page may have grown since, an image loading above it).
    if (!this.#composer?.onScreen) this.#composer = this.#composerNow();
    this.#focusedBefore = this.#host.shadowRoot?.activeElement ?? null;
  }

  hostUpdated(): void {
    this.#keepComposerOnScreen();
    this.#keepFocus();
  }

  /** The composer's text area, found by its id (see chat-behaviour.ts's `#input`). */
  get #input(): HTMLTextAreaElement | null {
    return (this.#host.shadowRoot?.getElementById('input') as HTMLTextAreaElement | null) ?? null;
  }

  /**
   * Scrolls the composer back up when the page grew above it since the last update (this update,
   * or an answer rendered or an image loaded in between) and pushed it past the bottom of the
   * screen, while the visitor types in it (the focus in its text area, attach or send button, not
   * on an answer's Copy). Where it is on the page, not on screen, tells growth from the visitor's
   * own scrolling: a visitor who scrolled it away is left where they went.
   */
  #keepComposerOnScreen(): void {
    const root = this.#host.shadowRoot;
    const form = this.#input?.form;
    if (!root || !form) return;
    const typing = form.contains(root.activeElement);
    const box = form.getBoundingClientRect();
    const last = this.#composer;
    const grown = last ? box.bottom + scrollY - last.pageBottom : 0;
    if (
      typing &&
      last?.onScreen &&
      grown > 1 &&
      box.top - grown < screenBottom() &&
      box.bottom > screenBottom()
    )
      form.scrollIntoView({ block: 'nearest' });
    this.#composer = this.#composerNow();
  }

  /**
   * The focus was on a part of the chat that this update took away or hid, the visitor not having
   * asked (an answer's Copy, a thumb or a link, when the page changed the connection or the
   * conversation shown, or called reset()): it goes to the input, as after "New conversation",
   * and from the stop button to the send button in its place. It fell to the page's body, where a
   * keyboard or screen-reader visitor had to find the chat again.
   */
  #keepFocus(): void {
    const focused = this.#focusedBefore;
    this.#focusedBefore = null;
    const root = this.#host.shadowRoot;
    // Elsewhere now (the visitor's own action moved it): left there.
    if (!focused || (root?.activeElement && root.activeElement !== focused)) return;
    if (focused.isConnected && focused.checkVisibility?.() !== false) return;
    const next = focused.part.contains('stop-button')
      ? root?.querySelector<HTMLElement>('[part~="send-button"]')
      : this.#input;
    next?.focus();
  }

  /** The composer as it is: see `#composer`. */
  #composerNow(): ComposerSeen | undefined {
    const root = this.#host.shadowRoot;
    const form = this.#input?.form;
    if (!root || !form) return undefined;
    const box = form.getBoundingClientRect();
    return {
      onScreen: form.contains(root.activeElement) && box.top < screenBottom() && box.bottom > 0,
      pageBottom: box.bottom + scrollY,
    };
  }
}
