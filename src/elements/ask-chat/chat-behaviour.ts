/**
 * What `<ask-chat>` does once a visitor (or the page) needs it: the conversation's flow. The ask
 * task and its client, the turns (asked, answered, stopped, retried, a new conversation), image
 * attachments and `persist`, and the turns drawn into the places the element's template leaves
 * (questions, answers with copy, retry and the feedback buttons, notices, stop). Beside it, in
 * its chunk: answer-view.ts draws an answer record; transcript-place.ts and composer-place.ts keep
 * the visitor's place. The element imports this module after its first render, when the browser
 * is idle or at the first sign of use, and hands it what happened meanwhile; its styles join the
 * shadow root when it arrives.
 */
import {
  adoptStyles,
  html,
  nothing,
  supportsAdoptingStyleSheets,
  type ReactiveController,
  type TemplateResult,
} from 'lit';
import { Task, TaskStatus } from '@lit/task';
// Before the modules below: a bundle without code splitting puts marked and DOMPurify (which the
// renderer loads) where this import first reaches them, and gzip packs the kit's own modules better
// side by side than split by the libraries (whole kit 89 B smaller).
import { loadRenderer } from '../../render/answer-renderer.js';
import type { ChatClient } from '../../client/chat-client.js';
import { isAbortError, isRefusedSetup, type ApiError } from '../../client/errors.js';
import { delay } from '../../client/request.js';
import type { AnswerFormat, AnswerRecord, AskRequest, FeedbackValue } from '../../wire/index.js';
import { emit } from '../shared/events.js';
import { ignore, importOnce } from '../shared/import-once.js';
import { LengthLimit } from '../shared/length-limit.js';
import { isAllowedUrl } from '../shared/safe-url.js';
import { fill, freshAnnouncement } from '../shared/strings.js';
import { defaultFeedbackReasons } from '../shared/feedback-reasons.js';
import { defaultChatStrings } from './answer-strings.js';
import type { AskChat, AskQuestionOptions } from './ask-chat.js';
import { chatBehaviourStyles } from './chat-behaviour.styles.js';
import { chatClientOf } from './chat-connection.js';
import { ComposerPlace } from './composer-place.js';
import { icon } from './chat-icons.js';
import type { AskChatStrings } from './chat-strings.js';
import type * as ConversationStorage from './conversation-storage.js';
import type { ChatTurn } from './conversation-storage.js';
import { describeError } from './error-messages.js';
import type * as ImageAttachments from './image-attachments.js';
import type { ImageAttachment } from './image-attachments.js';
import { pageMeta } from './page-meta.js';
import { TranscriptPlace } from './transcript-place.js';
// Last: a bundle without code splitting puts it beside this module's own templates, where gzip
// packs it better than among the modules above (whole kit 54 B smaller).
import {
  answerBody,
  answerText,
  isUnsure,
  relabelCodeBlocks,
  renderDocuments,
  renderSource,
  repliesInWords,
  type CodeCopySetting,
} from './answer-view.js';
// Register nothing: the types of the element rendered under each answer and of the page's search box.
import type { FeedbackButtons } from '../feedback-buttons/feedback-buttons.js';
import type {} from '../search-box/search-box.js';

/** sessionStorage, for `persist`: fetched when a chat first persists; a failed fetch is tried again. */
const loadStorage = importOnce(
  (): Promise<typeof ConversationStorage> => import('./conversation-storage.js'),
  import.meta.url,
);
/** Image reading: fetched the first time a visitor attaches an image; a failed fetch is tried again. */
const loadImages = importOnce(
  (): Promise<typeof ImageAttachments> => import('./image-attachments.js'),
  import.meta.url,
);

/** The stop button's square (the composer's other icons are in chat-icons.ts, on the first load). */
const STOP = 'M7 7h10v10H7z';

/** The service's own limit on a question (`LIMITS.queryMaxChars` in `src/wire/schemas.ts`). */
const QUERY_MAX_CHARS = 1000;

/** An image's data URI the chat may draw; passed to the rarely used chunks, which import nothing. */
const isImageUrl = (uri: string) => isAllowedUrl(uri, { allowDataImage: true });

/**
 * Why an answer on its way was cancelled as the page went into the browser's back/forward cache:
 * not the visitor's Stop (see `#onPageHide`).
 */
const PAGE_LEFT = Symbol('page left');

let turnCounter = 0;
const newTurnId = () => `t${Date.now().toString(36)}${(turnCounter++).toString(36)}`;

/**
 * The chats on this page that keep their conversation (`persist`): one that saves tells the others
 * of its name, which may be kept on the page out of sight (see `#reread`).
 */
const persisting = new Set<ChatBehaviour>();
/** How many times the chats of this page wrote each saved conversation, by name. */
const writes = new Map<string, number>();
/** How many times the chats of this page wrote the conversation saved under `name`. */
const writesOf = (name: string): number => writes.get(name) ?? 0;

/** The reason chips under every answer when the site sets none: one array, not a copy per render. */
const englishReasons = [...defaultFeedbackReasons];

/**
 * A text that names what the visitor gave (files, a question): its text (`notAnImage`,
 * `searchInstead`…) and the values of its placeholders.
 */
interface NamingText {
  template: string;
  /** `name`, `names` or `query`: what the visitor gave, each shown isolated; `max`: a number. */
  values: Record<string, string | string[] | number>;
}

/**
 * `notice` filled, as `fill` fills a text, with each name as `name` gives it: in a `<bdi>` where
 * it is shown (on a right-to-left page, "2024 notes.txt" showed as "notes.txt 2024", and a
 * question in Latin letters, "fetch()?", with its punctuation at the wrong end), as it is where it
 * is said.
 */
function filledNotice(
  { template, values }: NamingText,
  name: (name: string) => string | TemplateResult = (name) => name,
): (string | number | TemplateResult)[] {
  // Split on `{name}` with its name kept: the placeholders are at the odd indexes.
  return template.split(/\{(\w+)\}/).flatMap<string | number | TemplateResult>((part, index) => {
    if (index % 2 === 0) return [part];
    const value = values[part];
    if (value === undefined) return [`{${part}}`];
    if (typeof value === 'number') return [value];
    return [value].flat().flatMap((file, i) => (i ? [', ', name(file)] : [name(file)]));
  });
}

/** `notice` as a screen reader hears it. */
const saidNotice = (notice: NamingText): string => filledNotice(notice).join('');

/** `notice` as the notice line shows it. */
const shownNotice = (notice: NamingText) => filledNotice(notice, (name) => html`<bdi>${name}</bdi>`);
/**
 * The space between two notices, in a span that keeps it (`.gap`): Chromium leaves a lone space
 * between two of lit's markers out of the input's description, which read "was not attached.Your
 * question is…".
 */
const spaceBetweenNotices = html`<span class="gap"> </span>`;

/**
 * The behaviour of one `<ask-chat>`: a controller that keeps the conversation and renders it into
 * the places the element's template leaves for it.
 */
export class ChatBehaviour implements ReactiveController {
  /** The questions asked and what became of them. */
  turns: ChatTurn[] = [];
  /** The images waiting to be sent with the next question. */
  attachments: ImageAttachment[] = [];
  /** Why attachments were refused, or could not be read: one notice each, none said twice. */
  attachmentNotices: NamingText[] = [];
  /** The visitor sent a question while an answer was on its way, and nothing was sent. */
  #waited = false;
  /** The images being read, not attached yet (see attach). */
  readonly #reading = new Set<Promise<void>>();
  /** How many times the chat was reset: images read, and questions waiting for them, from before one are dropped. */
  #resets = 0;
  /**
   * The failed question whose images came back into the composer (see #giveBack), and those images:
   * until the composer is sent or reset, its Retry sends those of them the visitor kept there.
   */
  #givenBack: { turn: string; images: ImageAttachment[] } | undefined;
  /** The question in the input, when it was not sent as longer than the service takes. */
  readonly #tooLong = new LengthLimit(QUERY_MAX_CHARS);
  /** The text of the polite status line. */
  announcement = '';

  /**
   * What the composer's notice line says: why an attachment was refused, why nothing was sent;
   * '' when nothing. The file names it gives are isolated in `<bdi>`.
   */
  get notice(): '' | (string | number | TemplateResult)[] {
    const s = this.#strings;
    const notices = [
      [this.#unread ? s.notRestored : ''],
      ...this.attachmentNotices.map(shownNotice),
      [this.#tooLongText()],
      [this.#waited ? s.stillAnswering : ''],
    ].filter((notice) => notice.some(Boolean));
    return notices.length
      ? notices.flatMap((notice, index) => (index ? [spaceBetweenNotices, ...notice] : notice))
      : '';
  }

  readonly #host: AskChat;
  #copied = '';
  /** The turn whose answer could not be copied: said under it until the next copy. */
  #copyFailed = '';
  #copiedTimer: ReturnType<typeof setTimeout> | undefined;
  #conversationId = '';
  #restored = false;
  /** How many writes of its saved conversation this chat had seen when it last read or wrote it. */
  #seen = 0;
  /** Something changed while the element was off the page, to save when it is back. */
  #unsaved = false;
  /** Questions asked before the element was first on the page wait for this (see askQuestion). */
  #connected: { promise: Promise<void>; resolve: () => void } | undefined;
  /** The name the conversation was restored from and is saved under (`storage-key`, else `id`). */
  #savedAs: string | undefined;
  /**
   * Where the chats of this browser that keep their conversation (`persist`) tell each other
   * which one they hold: a tab duplicated, or opened by script, starts with a copy of this tab's
   * sessionStorage, and with it this conversation's id.
   */
  #tabs: BroadcastChannel | undefined;
  /** The saved conversation being read (persist); questions wait for it, to continue it. */
  #restoring: Promise<void> | undefined;
  /**
   * The turn whose answer was on its way when the page went into the back/forward cache: asked
   * again when the visitor comes back (see `#onPageHide`).
   */
  #leftPending: string | undefined;
  /**
   * Until the page is back from the cache, with the question left pending asked again: the
   * questions `askQuestion` holds behind it wait for this, not sent from the cache (or before it).
   */
  #pageBack: Promise<void> | undefined;
  #cameBack = (): void => {};
  /**
   * The saved conversation could not be read, its code not having loaded (a connection lost after
   * the page loaded): said in the notice, nothing is saved over it, and the next question reads it
   * first.
   */
  #unread = false;
  /** What the Copy code buttons of the answers drawn read of this chat. */
  readonly #codeCopy: CodeCopySetting = {
    strings: () => this.#strings,
    announce: (message) => this.#announce(message),
  };
  /** The sanitized answer of each turn, rendered once and kept as a node. */
  readonly #answers = new Map<string, HTMLElement>();
  /** The feedback buttons of each answer, made once and kept with it, and the vote last given them (see #feedbackOf). */
  readonly #feedback = new Map<string, { buttons: FeedbackButtons; value?: FeedbackValue | null }>();
  /** The answers, folded away as not sure, that the visitor opened ("Show the answer anyway"). */
  readonly #opened = new Set<string>();
  /** What is kept for each answer by its turn's id, cleared and pruned with the turns. */
  readonly #keptByTurn: readonly (Map<string, unknown> | Set<string>)[] = [
    this.#answers,
    this.#feedback,
    this.#opened,
  ];
  /** The turns whose answer could not be rendered: the renderer could not be fetched (see #body). */
  readonly #unrendered = new Set<string>();
  #styled = false;
  /** When each client's service may be asked again, after a refusal that said how long to wait. */
  readonly #retryAts = new WeakMap<ChatClient, number>();
  /** The client the conversation's last question went to, in this page's life (see #followConnection). */
  #askedWith: ChatClient | undefined;

  /** The visitor's place in the transcript: the scroll, and the "New answer" button. */
  readonly #place: TranscriptPlace;

  readonly #ask: Task<readonly [ChatTurn], void>;
  /** Whether the renderer was asked for as the visitor typed (once: Send asks again on failure). */
  #rendererAsked = false;

  constructor(host: AskChat) {
    this.#host = host;
    // The visitor's place at the composer (on screen as they type, the focus) and in the transcript,
    // each a controller the host keeps. Added before this one, their updates run first: they read
    // the chat as it was drawn (the composer, the focus, the turns), before this one's update
    // follows a changed connection or storage-key, and put the visitor's place back after it.
    new ComposerPlace(host);
    this.#place = new TranscriptPlace(host, () => this.turns.at(-1));
    this.#ask = new Task(host, {
      autoRun: false,
      task: async ([turn]: readonly [ChatTurn], { signal }) => this.#answer(turn, signal),
    });
    host.addController(this);
    host.requestUpdate();
    // The notice that a question is too long counts along as the visitor shortens it (said once,
    // not at each key), and goes once it fits.
    host.addEventListener('input', () => {
      const typed = this.#input?.value ?? '';
      this.#fetchRendererFor(typed);
      if (this.#tooLong.edited(typed)) host.requestUpdate();
    });
    this.#fetchRendererFor(this.#input?.value ?? '');
  }

  /**
   * A visitor typing a question (`typed`, more than spaces) is asking one: marked and DOMPurify
   * download while they type (also what they typed before this code came), not after Send,
   * about a second sooner on a slow network. Asked once: Send asks again after a failure.
   */
  #fetchRendererFor(typed: string): void {
    if (this.#rendererAsked || !typed.trim()) return;
    this.#rendererAsked = true;
    loadRenderer().catch(ignore);
  }

  hostConnected(): void {
    addEventListener('pagehide', this.#onPageHide);
    addEventListener('pageshow', this.#onPageShow);
    this.#adoptStyles();
    if (this.#keep()) this.#restore();
    // What changed while it was off the page (a late answer) is saved now that it shows again;
    // a chat put back with nothing new shows what another chat saved since (see #reread).
    else if (this.#unsaved && this.#seen === writesOf(this.#storageName ?? '')) this.#save();
    else this.#reread();
    this.#unsaved = false;
    this.#connected?.resolve();
    this.#connected = undefined;
  }

  /**
   * A chat that keeps its conversation (`persist`) joins the others of the page and of the tabs;
   * whether its saved conversation is still to be read.
   */
  #keep(): boolean {
    if (!this.#host.persist) return false;
    if (typeof BroadcastChannel === 'function' && !this.#tabs) {
      this.#tabs = new BroadcastChannel('ask-chat');
      this.#tabs.onmessage = (event: MessageEvent<TabMessage>) => this.#onTabMessage(event.data);
    }
    persisting.add(this);
    return !this.#restored;
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.#onPageHide);
    removeEventListener('pageshow', this.#onPageShow);
    persisting.delete(this);
    clearTimeout(this.#copiedTimer);
    this.#copied = '';
    this.#tabs?.close();
    this.#tabs = undefined;
  }

  /**
   * The visitor leaves the page, which the browser may keep in its back/forward cache, to show at
   * once when they come back. Two things of the chat cost the page that cache: the channel of the
   * tabs (a message to it, from the next page's chat reading the conversation, put the page out),
   * and an answer still on its way (put out once it takes over a minute, Chromium's limit, and
   * with it the question of a chat without `persist`). The channel is closed and the answer
   * cancelled (saved as stopped, should the page be reloaded rather than kept); both come back
   * with the page (see `#onPageShow`).
   */
  readonly #onPageHide = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    this.#tabs?.close();
    this.#tabs = undefined;
    const asking = this.turns.at(-1);
    if (!this.pending || asking?.status !== 'pending') return;
    this.#leftPending = asking.id;
    this.#pageBack = new Promise((resolve) => (this.#cameBack = resolve));
    this.#ask.abort(PAGE_LEFT);
  };

  /**
   * Back from the cache: a chat that keeps its conversation shows what a chat of its name saved on
   * the pages seen meanwhile (its next question followed those asked there, which it did not
   * show, and saved over them), and the question left unanswered is asked again, as Retry does.
   */
  readonly #onPageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted) return;
    const left = this.#leftPending;
    this.#leftPending = undefined;
    void this.#ask.taskComplete
      .catch(ignore)
      .then(() => {
        if (this.#host.isConnected && this.#host.persist) {
          this.#keep();
          this.#reread(true);
        }
        return this.#restoring;
      })
      .then(() => {
        const turn = this.turns.find((t) => t.id === left);
        // Answered meanwhile on another page, or its conversation started anew there: not asked.
        if (turn?.status === 'stopped' && this.#host.isConnected) this.#retry(turn, false);
      })
      .finally(() => {
        this.#pageBack = undefined;
        this.#cameBack();
      });
  };

  /**
   * Another tab's chat asks who holds its conversation, or answers that this one does. The copy
   * (the chat that asked) goes on with a conversation of its own, its transcript kept: two tabs
   * asking in one conversation would each have their follow-ups read after the other's questions.
   */
  #onTabMessage(message: TabMessage): void {
    const name = this.#storageName;
    // Two chats of one page under one name (a single-page app's next view mounted before the last
    // is gone) show one conversation: the channel also carries messages between them.
    if (message.from === thisDocument()) return;
    if (!name || message.name !== name || !message.conversationId) return;
    if (message.conversationId !== this.#conversationId) return;
    if (message.asking) this.#tabs?.postMessage(tabMessage(name, message.conversationId, false));
    else {
      this.#conversationId = '';
      this.#save();
    }
  }

  /** The suggestions last warned about, as not a list: warned once, not at every update. */
  #badSuggestions: unknown;
  /** The labels the code blocks and their buttons were given: made outside Lit, they follow `strings` here. */
  #codeLabels = '';

  hostUpdate(): void {
    // `persist` set on a chat already in use (once the visitor consents, a framework's prop come
    // late): its saved conversation is shown and continued, where its first question was saved
    // over it.
    if (this.#host.isConnected && this.#keep()) this.#restore();
    else if (!this.#host.persist && this.#savedAs) this.#stopKeeping(this.#savedAs);
    this.#followConnection();
    this.#followStorageName();
    // Strings set after answers were drawn (the page's language switched): their code blocks too.
    const s = this.#strings;
    const codeLabels = `${s.copyCode}\n${s.codeBlock}\n${s.codeBlockLanguage}`;
    if (codeLabels !== this.#codeLabels)
      for (const body of this.#answers.values()) relabelCodeBlocks(body, s);
    this.#codeLabels = codeLabels;
    const { suggestions } = this.#host;
    // None bound (a framework's null or undefined) is no mistake; an attribute that isn't a
    // JSON array, which Lit reads as null too, is.
    const bad =
      !Array.isArray(suggestions) && (suggestions != null || this.#host.hasAttribute('suggestions'));
    if (bad && suggestions !== this.#badSuggestions) {
      this.#badSuggestions = suggestions;
      console.warn(
        `<ask-chat>: suggestions must be a JSON array of questions, as suggestions='["How do I start?"]'; got ${this.#host.getAttribute('suggestions') ?? String(suggestions)}`,
      );
    }
  }

  get pending(): boolean {
    return this.#ask.status === TaskStatus.PENDING;
  }

  /** `askQuestion()` of the element. */
  async askQuestion(query: string, options: AskQuestionOptions = {}): Promise<AnswerRecord | undefined> {
    // Asked before the element is on the page: asked once it is, in the conversation it restores.
    if (!this.#host.isConnected) {
      if (!this.#connected) {
        let resolve = (): void => {};
        const promise = new Promise<void>((done) => (resolve = done));
        this.#connected = { promise, resolve };
      }
      await this.#connected.promise;
    }
    // Asked in code as if typed: one too long stays in the input, as a typed one does.
    if (this.#refusedTooLong(query)) return undefined;
    // The question being answered, asked again with its tags (a suggestion clicked twice before
    // the chat's behaviour came, each click waiting for it), is that question, not one more: it
    // was asked twice, the second time once the first was answered.
    const asking = this.turns.at(-1);
    const tags = this.#tagsOf(options);
    if (
      this.pending &&
      asking?.status === 'pending' &&
      asking.query === query.trim() &&
      String(asking.includeTags) === String(tags.includeTags) &&
      String(asking.excludeTags) === String(tags.excludeTags)
    ) {
      while (this.pending) await this.#ask.taskComplete.catch(ignore);
      return this.turns.find((t) => t.id === asking.id)?.record;
    }
    // Handed over while an answer is on its way, a question waits for it rather than cancel it,
    // in the input, with the notice that an answer is on its way.
    if (this.pending) {
      const input = this.#input;
      if (input && !input.value.trim()) input.value = query;
      this.#set(() => (this.#waited = true));
      while (this.pending || this.#pageBack) await (this.#pageBack ?? this.#ask.taskComplete.catch(ignore));
      if (input?.value === query) input.value = '';
    }
    return this.#start(query, [], options) ?? undefined;
  }

  /** `reset()` of the element. */
  reset(): void {
    this.#startAnew();
    this.#resets++;
    this.#givenBack = undefined;
    this.#set(() => {
      this.attachments = [];
      this.attachmentNotices = [];
    });
  }

  /** Forgets the conversation, here and under its saved name, for a new one. */
  #startAnew(): void {
    const name = this.#storageName;
    // The other chats of its name on the page start it too: one still asking (a page kept hidden)
    // saved the old conversation over the new one when its answer came, and this chat showed it.
    for (const chat of new Set([this, ...persisting]))
      if (chat === this || (name && chat.#storageName === name)) chat.#forget();
    if (name)
      loadStorage().then(({ clearConversation }) => (clearConversation(name), this.#written(name)), ignore);
  }

  /**
   * The chat's connection changed since its last question (`api-key`, `base-url`, `client`, an
   * ancestor's `data-ask-*`, the default client: a site switching product or agent, a framework
   * reusing the element): a conversation the old service answered in starts anew, as with "New
   * conversation". Its id sent to the new service could continue a conversation of another agent
   * the visitor never had, and the transcript showed two agents' answers as one conversation, the
   * old ones' votes posted to the new service. A question on its way goes back into the input, to
   * ask the new one; failed questions no service answered stay, for Retry to ask the new one (a key
   * put right). With `storage-key` changed too, that key's conversation is shown instead (see
   * #followStorageName), and this one stays saved.
   */
  #followConnection(): void {
    const asked = this.#askedWith;
    if (!asked || asked === this.#client) return;
    this.#askedWith = undefined;
    const asking = this.turns.find((t) => t.status === 'pending');
    if (!asking && !this.turns.some((t) => t.status === 'answered')) return;
    if (asking) this.#giveBack(asking);
    const name = this.#storageName;
    if (name && this.#savedAs && name !== this.#savedAs) return;
    this.#startAnew();
    // The visitor did not ask for it: said, or the transcript emptied without a word.
    this.#announce(this.#strings.conversationSwitched);
  }

  /** A question not answered goes back into an empty input, with its images, so that nothing typed is lost. */
  #giveBack(turn: ChatTurn): void {
    const input = this.#input;
    if (input && !input.value) input.value = turn.query;
    if (this.attachments.length === 0 && turn.images.length > 0) {
      const images = turn.images.map((dataUri, i) => ({
        name: fill(this.#strings.imageName, { n: i + 1 }),
        dataUri,
      }));
      this.#givenBack = { turn: turn.id, images };
      this.#set(() => (this.attachments = images));
    }
  }

  #forget(): void {
    this.#ask.abort();
    this.#set(() => (this.turns = []));
    this.#conversationId = '';
    this.#askedWith = undefined;
    for (const kept of this.#keptByTurn) kept.clear();
    this.#restoring = undefined;
    this.#unread = false;
  }

  /** Sends `text`, what the input held when the visitor sent it, with the attached images. */
  send(text: string): void {
    // Images still being read (a screenshot pasted, then Enter at once) go with this question:
    // sent without them, it was asked without the image, and the image waited for the next one.
    // Reset meanwhile ("New conversation"), the question stays in the input, its images dropped.
    const resets = this.#resets;
    if (this.#reading.size > 0)
      return void Promise.allSettled(this.#reading).then(() => resets === this.#resets && this.send(text));
    if (!text.trim()) return this.#askForQuestion();
    if (this.#refusedTooLong(text)) return;
    if (this.pending) {
      // The question on its way, sent again before this code came (Enter pressed twice, each
      // press waiting for it), was sent once: nothing waits, and the input it left is empty.
      const asking = this.turns.at(-1);
      if (asking?.status === 'pending' && asking.query === text.trim() && this.#input?.value !== text) return;
      // The text stays in the input, and the visitor learns why nothing happened.
      return this.#stillAnswering();
    }
    const images = this.attachments.map((image) => image.dataUri);
    // Cancelled by a listener of ask-question: the text and images stay where they are.
    if (this.#start(text, images, {}) === null) return;
    const input = this.#input;
    // Sent before the behaviour arrived, and typed on since: what was typed since stays.
    if (input?.value === text) input.value = '';
    this.#set(() => {
      this.attachments = [];
      this.attachmentNotices = [];
    });
    // What came back into the composer went with this question: no Retry takes it from there now.
    this.#givenBack = undefined;
    input?.focus();
  }

  /** Nothing was sent, as an answer is on its way: the notice says so until it came (see #run). */
  #stillAnswering(): void {
    this.#set(() => (this.#waited = true));
    this.#announce(this.#strings.stillAnswering);
  }

  /**
   * Sent with images and no question: the service answers questions only, so nothing is sent,
   * the images stay, and the notice (the input's description) asks for a question about them.
   * The focus goes to the input (from the send button) to type it.
   */
  #askForQuestion(): void {
    if (this.attachments.length === 0) return;
    const template = this.#strings.questionForImages;
    this.#set(
      () =>
        (this.attachmentNotices = [
          ...this.attachmentNotices.filter((n) => n.template !== template),
          { template, values: {} },
        ]),
    );
    this.#announce(template);
    this.#input?.focus();
  }

  /**
   * Longer than the service takes: nothing is sent, the text stays in the input for the visitor to
   * shorten (the input has no maxlength, which cut a pasted question short without a word), and
   * the notice says why. The service would refuse it, and no retry could mend that.
   */
  #refusedTooLong(text: string): boolean {
    // Checked, the notice shows or goes.
    this.#host.requestUpdate();
    if (!this.#tooLong.refuses(text)) return false;
    const input = this.#input;
    if (input && !input.value.trim()) input.value = text;
    this.#announce(this.#tooLongText());
    return true;
  }

  /** What the notice says of a question too long to send, or '' (see `#tooLong`). */
  #tooLongText(): string {
    return this.#tooLong.notice(this.#strings.tooLong);
  }

  /** Escape, or the stop button: cancels the pending answer. */
  stop(): void {
    if (this.pending) this.#ask.abort();
  }

  /** Reads `files` into the attachments; a question sent meanwhile waits for them (see send). */
  attach(files: File[]): Promise<void> {
    const reading = this.#attach(files).finally(() => this.#reading.delete(reading));
    this.#reading.add(reading);
    return reading;
  }

  async #attach(files: File[]): Promise<void> {
    const s = this.#strings;
    const resets = this.#resets;
    let images: typeof ImageAttachments;
    try {
      images = await loadImages();
    } catch {
      if (resets !== this.#resets) return;
      // The code that reads them could not be fetched: the visitor hears which images did not go,
      // to attach them again; the next attempt fetches it again.
      const notice = { template: s.imagesNotRead, values: { names: files.map((file) => file.name) } };
      this.#set(() => (this.attachmentNotices = [notice]));
      return this.#announce(saidNotice(notice));
    }
    const { readImages, MAX_IMAGE_BYTES, MAX_IMAGES } = images;
    const { accepted: read, rejected } = await readImages(files, this.attachments.length, isImageUrl);
    // Pasted before "New conversation": nothing of it comes into the new one's composer.
    if (resets !== this.#resets) return;
    // Images pasted again while these were read may have taken the room meanwhile.
    const room = Math.max(0, MAX_IMAGES - this.attachments.length);
    const accepted = read.slice(0, room);
    for (const { name } of read.slice(room)) rejected.push({ name, reason: 'count' });
    // Those beyond the room are named in one message: which of the visitor's images didn't go.
    const beyond = rejected.filter(({ reason }) => reason === 'count').map(({ name }) => name);
    const notices = rejected.map(({ name, reason }): NamingText =>
      reason === 'type'
        ? { template: s.notAnImage, values: { name } }
        : reason === 'size'
          ? { template: s.imageTooLarge, values: { name, max: MAX_IMAGE_BYTES / 1024 / 1024 } }
          : { template: s.tooManyImages, values: { max: MAX_IMAGES, names: beyond } },
    );
    // One notice of each text said: the images beyond four share one, as do two files of one name.
    const unique = [...new Map(notices.map((notice) => [saidNotice(notice), notice])).values()];
    this.#set(() => {
      this.attachments = [...this.attachments, ...accepted];
      this.attachmentNotices = unique;
    });
    const attached =
      accepted.length > 0
        ? fill(s.imagesAttached, { names: accepted.map((image) => image.name).join(', ') })
        : '';
    const said = [attached, ...unique.map(saidNotice)].filter(Boolean).join(' ');
    if (said) this.#announce(said);
  }

  get #strings(): AskChatStrings {
    const site = this.#host.strings;
    // A page that translated networkError, not the later `offline`, says its own words offline too.
    return { ...defaultChatStrings, ...(site?.networkError && { offline: site.networkError }), ...site };
  }

  /** The client of the question and of the feedback buttons under each answer. */
  get #client(): ChatClient {
    return chatClientOf<ChatClient>(this.#host);
  }

  get #storageName(): string | undefined {
    const host = this.#host;
    return host.persist ? host.storageKey || host.id || 'default' : undefined;
  }

  /**
   * The composer's text area; none before the element was first connected. Found by its id, which
   * the shadow root looks up at once: a query for the tag went through every node of the answers
   * before it, at each key typed (the notice of a question too long) and at each update (the
   * composer's form): 1.5 to 3 ms a key after 30 answers on a CPU slowed 4 times.
   */
  get #input(): HTMLTextAreaElement | null {
    return (this.#host.shadowRoot?.getElementById('input') as HTMLTextAreaElement | null) ?? null;
  }

  /** Changes what the element renders. */
  #set(change: () => void): void {
    change();
    this.#host.requestUpdate();
  }

  /** The styles of what this module renders join the element's own, once. */
  #adoptStyles(): void {
    const root = this.#host.renderRoot;
    if (this.#styled || !(root instanceof ShadowRoot)) return;
    this.#styled = true;
    // Without constructable style sheets, Lit's adoptStyles appends a <style> element instead.
    adoptStyles(root, [...(supportsAdoptingStyleSheets ? root.adoptedStyleSheets : []), chatBehaviourStyles]);
  }

  /**
   * The tags a question is asked with. An empty list (a search box that sets no tags hands over
   * []) restricts nothing of its own: the chat's tags still hold, as for a question typed in it.
   */
  #tagsOf(options: AskQuestionOptions): Pick<ChatTurn, 'includeTags' | 'excludeTags'> {
    const host = this.#host;
    return {
      includeTags: options.includeTags?.length ? options.includeTags : host.includeTags,
      excludeTags: options.excludeTags?.length ? options.excludeTags : host.excludeTags,
    };
  }

  /** Fires `ask-question` for a question about to be sent; false when a listener cancelled it. */
  #questionSent(query: string, images: string[]): boolean {
    const detail = { query, conversationId: this.#conversationId, images: images.length };
    return emit(this.#host, 'question', detail, { cancelable: true });
  }

  /** Adds a turn and asks; null when there is nothing to ask or a listener cancelled it. */
  #start(
    rawQuery: string,
    images: string[],
    options: AskQuestionOptions,
  ): Promise<AnswerRecord | undefined> | null {
    const host = this.#host;
    const query = rawQuery.trim();
    // A connection changed with no update since (an ancestor's data-ask-*, the default client).
    this.#followConnection();
    const followed = this.#followStorageName();
    if (!query || !this.#questionSent(query, images)) return null;
    const turn: ChatTurn = {
      id: newTurnId(),
      query,
      images,
      // An enumerated attribute, read in any case as HTML reads its own (`format="HTML"`).
      format: String(host.format).toLowerCase() === 'html' ? 'html' : 'markdown',
      ...this.#tagsOf(options),
      status: 'pending',
    };
    // The same question failed or stopped before (it comes back into the input, and Enter sends
    // it): this one takes its place, as Retry does, so that no stale Retry asks it twice.
    this.#set(
      () =>
        (this.turns = [
          ...this.turns.filter((t) => t.query !== query || t.status === 'answered' || t.status === 'pending'),
          turn,
        ]),
    );
    // Saved at once (as stopped, see saveConversation): the service hears the question now, and a
    // reload before its answer must not leave it out of the transcript the next question follows.
    // Under a name just followed, once its conversation is read, which the save would overwrite.
    // The saved conversation not read yet (its code did not load): read now, then saved with this
    // question after its own, as one asked before it was read.
    const unread = this.#unread;
    if (unread) this.#restore();
    if (followed || unread) void this.#restoring?.then(() => this.#save());
    else this.#save();
    // The transcript is no live region (it would read every word): the status says it is asked.
    this.#announce(this.#strings.thinking);
    return this.#run(turn);
  }

  async #run(turn: ChatTurn): Promise<AnswerRecord | undefined> {
    // marked and DOMPurify download while the service thinks; answers that could not be drawn
    // for want of them are drawn once they are here.
    loadRenderer().then(() => {
      if (this.#unshown) void this.#renderSaved(this.turns);
    }, ignore);
    await this.#ask.run([turn]);
    // The answer came or stopped: what was sent meanwhile can be sent now.
    if (this.#waited) this.#set(() => (this.#waited = false));
    return this.turns.find((t) => t.id === turn.id)?.record;
  }

  async #answer(turn: ChatTurn, signal: AbortSignal): Promise<void> {
    const host = this.#host;
    const strings = this.#strings;
    // Stop ends every wait below, on the service or on a part of the chat still coming (a
    // connection that hangs with no data): without it, a wait for a part never ended.
    const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', reject));
    // Not raced (no restore, nor answer to draw): its rejection is nobody's error.
    stopped.catch(ignore);
    let request: Omit<AskRequest, 'apiKey'>;
    let record: AnswerRecord;
    try {
      // The saved conversation the question continues is read first (persist).
      await (this.#restoring && Promise.race([this.#restoring, stopped]));
      request = {
        query: turn.query,
        format: turn.format,
        conversationId: this.#conversationId,
        meta: host.meta ?? pageMeta(),
      };
      if (host.askAttributes) request.attributes = host.askAttributes;
      if (turn.images.length > 0) request.base64Images = turn.images;
      if (turn.includeTags?.length) request.includeTags = turn.includeTags;
      if (turn.excludeTags?.length) request.excludeTags = turn.excludeTags;
      // After a refusal that said how long to wait (429, 503), the question waits it out
      // (thinking, and Stop stops it) rather than be refused again: that client's service.
      const client = this.#client;
      this.#askedWith = client;
      const left = (this.#retryAts.get(client) ?? 0) - Date.now();
      if (left > 0) await delay(left, signal);
      record = await client.ask(request, { signal });
      // The service answered, but marked and DOMPurify could not be fetched to draw it: the answer
      // is kept and said to be unshown (see #body). As a failure, it read as the service's, and
      // Retry asked the service again, which answered (and counted) the question twice. Stopped
      // while they do not come, the answer is drawn when they do.
      await Promise.race([this.#renderAnswer(turn.id, record.answer, turn.format), stopped]).catch(() =>
        this.#unrendered.add(turn.id),
      );
    } catch (error) {
      // Its conversation was reset meanwhile: nothing of it comes back.
      if (!this.turns.some((t) => t.id === turn.id)) return;
      if (signal.aborted && signal.reason === PAGE_LEFT) {
        // Asked again when the page is back: nothing is said, nor put back into the input.
        return this.#settle(turn, { status: 'stopped' });
      }
      if (signal.aborted || isAbortError(error)) {
        this.#settle(turn, { status: 'stopped' });
        this.#announce(strings.stopped);
      } else {
        const wait = (error as Partial<ApiError>).retryAfter;
        // Up to 10 s, as the client's own retries wait; a longer wait would think all that time.
        if (wait !== undefined && wait <= 10) this.#retryAts.set(this.#client, Date.now() + wait * 1000);
        const message = describeError(error, strings);
        const final = isRefusedSetup(error);
        // The site owner reads the console; the visitor gets the polite line.
        if (final)
          console.error(
            `<ask-chat>: the service refused this page (${String(error)}); check api-key, base-url and the agent's allowedOrigins`,
          );
        else if ((error as { code?: unknown }).code === 'agent_endpoint_failed')
          console.error(`<ask-chat>: the custom agent's endpoint failed (${String(error)})`);
        this.#settle(turn, { status: 'error', error: message, final });
        this.#announce(message);
        emit(host, 'error', { query: turn.query, error, message });
      }
      this.#giveBack(turn);
      return;
    }
    if (!this.turns.some((t) => t.id === turn.id)) return;
    if (signal.aborted && !this.#unrendered.has(turn.id)) {
      // Stopped as the answer was rendered.
      this.#settle(turn, { status: 'stopped' });
      return this.#announce(strings.stopped);
    }
    // The service no longer knows the conversation (restarted, or it forgot it): it started a new
    // one, and this answer doesn't follow the questions above it. Said, not left to be guessed.
    const forgotten = request.conversationId !== '' && record.conversationId !== request.conversationId;
    this.#conversationId = record.conversationId;
    this.#settle(turn, { status: 'answered', record, feedback: null, ...(forgotten ? { forgotten } : {}) });
    // What the visitor sees: an answer, none, or one folded away as not sure (see #renderAnswerTurn).
    this.#announce(
      !record.didAnswer && !repliesInWords(record)
        ? strings.notFound
        : this.#unrendered.has(turn.id)
          ? strings.notShown
          : isUnsure(record, host.minRelevance)
            ? strings.notSure
            : strings.answerReady,
    );
    emit(host, 'answer', { query: turn.query, record });
  }

  async #renderAnswer(id: string, text: string, format: AnswerFormat): Promise<void> {
    const body = await answerBody(text, format, this.#codeCopy, this.#strings.answerEmptied);
    this.#answers.set(id, body);
    // Drawn late (the renderer came after Stop, or back with the connection): shown in place of
    // the notice, and said, as the notice was.
    if (this.#unrendered.delete(id)) this.#announce(this.#strings.answerReady);
    this.#host.requestUpdate();
  }

  #settle(turn: ChatTurn, change: Partial<ChatTurn>): void {
    this.#set(() => (this.turns = this.turns.map((t) => (t.id === turn.id ? { ...t, ...change } : t))));
    this.#save();
  }

  /**
   * Another storage-key (or id) set at runtime, as a framework reusing the element for another
   * project does: that key's conversation is shown and continued, and this one stays saved under
   * its own key (it was written over, and the two mixed). Followed at the next update, or at once
   * when a question is asked before it.
   */
  #followStorageName(): boolean {
    const name = this.#storageName;
    if (!name || !this.#savedAs || name === this.#savedAs) return false;
    // What the visitor read goes: said, as a connection changed (see #followConnection).
    if (this.turns.length > 0) this.#announce(this.#strings.conversationSwitched);
    this.#ask.abort();
    this.turns = [];
    this.#conversationId = '';
    for (const kept of this.#keptByTurn) kept.clear();
    this.#restore();
    return true;
  }

  #save(): void {
    // The saved conversation, not read yet, is not written over (see #unread).
    if (this.#unread) return;
    const name = this.#storageName;
    let conversation = { conversationId: this.#conversationId, turns: this.turns };
    // A chat removed from the page (a route left) leaves the saved copy to the chat that shows it
    // now: its late answer would be written over that one's turns, and goes to that chat instead
    // (see #adopt). Put back, it saves then, unless another chat wrote since. With no chat of its
    // name shown (a route without one), it saves as below: the next one restores the answer, where
    // it showed the question stopped, and its Retry asked the service, which had answered, again.
    if (name && !this.#host.isConnected && [...persisting].some((other) => other.#storageName === name)) {
      this.#unsaved = true;
      for (const other of persisting) if (other.#storageName === name) other.#adopt(conversation);
    } else if (name)
      loadStorage().then(({ saveConversation, loadConversation }) => {
        // Another chat of its name wrote while this one asked (kept hidden, it reads nothing then):
        // its answer goes in place of its question in what that chat saved. Written whole, it
        // took the questions asked there since out of the saved copy, and off that chat's screen.
        const saved = this.#seen !== writesOf(name) && loadConversation(name, isImageUrl);
        if (saved) {
          const mine = new Map(conversation.turns.map((turn) => [turn.id, turn]));
          this.#conversationId = saved.conversationId;
          this.#set(() => (this.turns = saved.turns.map((turn) => mine.get(turn.id) ?? turn)));
          void this.#renderSaved(this.turns);
          conversation = { conversationId: saved.conversationId, turns: this.turns };
        }
        // Not written (no storage): the others keep what they show.
        if (saveConversation(name, conversation)) this.#written(name);
      }, ignore);
  }

  /**
   * The answer of a chat removed while it was on its way (a route left), to the chat of its name
   * shown now, which restored that question as stopped, its last: in its place, as if asked here.
   */
  #adopt({ conversationId, turns }: { conversationId: string; turns: ChatTurn[] }): void {
    const last = this.turns.at(-1);
    const late = turns.find((turn) => turn.id === last?.id);
    if (this.pending || !late || late.status === 'pending' || last!.status !== 'stopped') return;
    this.#conversationId = conversationId;
    this.#set(() => (this.turns = [...this.turns.slice(0, -1), late]));
    void this.#renderSaved([late]);
    this.#save();
  }

  /** The other chats of the page under `name` show what this one saved. */
  #written(name: string): void {
    writes.set(name, (this.#seen = writesOf(name) + 1));
    for (const other of persisting) if (other !== this && other.#storageName === name) other.#reread();
  }

  /**
   * Shows the conversation saved under its name, as another chat of the page left it: one put back
   * (a route kept alive), or kept on the page out of sight (Next.js keeps the routes it left in
   * React's <Activity mode="hidden">), showed the transcript it had, and its next question saved
   * that over the other's questions, which the service still followed. Not while it asks.
   * `back` from the back/forward cache, the chats of the pages seen since wrote it: shown when it
   * holds what this chat does not (another turn, another status, another conversation); a copy
   * with less (the storage was full) or none (unavailable) leaves the transcript as it is.
   */
  #reread(back = false): void {
    const name = this.#storageName;
    if (!name || this.pending || (!back && this.#seen === writesOf(name))) return;
    this.#seen = writesOf(name);
    const restoring: Promise<void> = loadStorage().then(({ loadConversation }) => {
      if (this.pending || this.#restoring !== restoring) return;
      const shown = new Map(this.turns.map((turn) => [turn.id, turn.status]));
      const copy = loadConversation(name, isImageUrl);
      const changed =
        copy &&
        (copy.conversationId !== this.#conversationId ||
          copy.turns.some((turn) => shown.get(turn.id) !== turn.status));
      if (back && !changed) return;
      const saved = copy ?? { conversationId: '', turns: [] };
      this.#conversationId = saved.conversationId;
      this.#set(() => (this.turns = saved.turns));
      for (const kept of this.#keptByTurn)
        for (const id of kept.keys()) if (!saved.turns.some((t) => t.id === id)) kept.delete(id);
      return this.#renderSaved(saved.turns);
    }, ignore);
    this.#restoring = restoring;
  }

  #restore(): void {
    this.#restored = true;
    const name = this.#storageName;
    this.#savedAs = name;
    if (!name) return;
    this.#seen = writesOf(name);
    const restoring: Promise<void> = loadStorage().then(
      ({ loadConversation }) => {
        // The visitor started a new conversation meanwhile.
        if (this.#restoring !== restoring) return;
        if (this.#unread) this.#set(() => (this.#unread = false));
        const saved = loadConversation(name, isImageUrl);
        if (!saved) return;
        // A question asked before the conversation was read (askQuestion, or while its code did not
        // load) comes after the saved ones, in the conversation it was asked in.
        this.#set(() => (this.turns = [...saved.turns, ...this.turns]));
        if (!this.#conversationId) {
          this.#conversationId = saved.conversationId;
          // A copy of another tab's conversation is this tab's only if no other tab holds it.
          if (saved.conversationId) this.#tabs?.postMessage(tabMessage(name, saved.conversationId, true));
        }
        return this.#renderSaved(saved.turns);
      },
      // Its code did not load: said, and read again with the next question (see #unread).
      () => {
        if (this.#restoring === restoring) this.#set(() => (this.#unread = true));
      },
    );
    this.#restoring = restoring;
  }

  /**
   * `persist` turned off (a visitor withdrawing consent): what this chat saved under `name` goes,
   * and nothing more is saved (it has no name now); the conversation goes on on the page. Turned
   * on again, it is as `persist` set on a chat in use (see hostUpdate).
   */
  #stopKeeping(name: string): void {
    this.#savedAs = undefined;
    this.#restored = false;
    // Nor is a saved conversation that could not be read still to be shown (see #unread).
    this.#unread = false;
    loadStorage().then(({ clearConversation }) => clearConversation(name), ignore);
  }

  /** Renders the answers of saved turns not rendered yet. */
  #renderSaved(turns: ChatTurn[]): Promise<void> {
    const rendered = turns.map((turn) =>
      turn.status === 'answered' && turn.record && !this.#answers.has(turn.id)
        ? this.#renderAnswer(turn.id, turn.record.answer, turn.format)
            // Not drawn (the renderer could not be fetched): said in its place (see #body). A
            // rejection here left the restore failed, and every later question waiting on it.
            .catch(() => this.#unrendered.add(turn.id))
            .then(() => this.#host.requestUpdate())
        : undefined,
    );
    // The latest question comes to the top again once the answers above it have their height.
    return Promise.all(rendered).then(() => this.#place.toLatestAgain());
  }

  #announce(message: string): void {
    this.#set(() => (this.announcement = freshAnnouncement(message, this.announcement)));
  }

  #retry(turn: ChatTurn, focus = true): void {
    if (this.pending) {
      // The visitor's Retry while another answer is on its way: as Enter then, nothing is asked,
      // and said so (a silent button read as broken). The page back from its cache says nothing.
      if (focus) this.#stillAnswering();
      return;
    }
    this.#followConnection();
    // A retry sends the question again: listeners hear it, and may cancel it, as the first time.
    // Its images came back into the composer: those the visitor removed there are not sent again.
    const given = this.#givenBack?.turn === turn.id ? this.#givenBack.images : undefined;
    const images = given
      ? this.attachments.filter((a) => given.includes(a)).map((a) => a.dataUri)
      : turn.images;
    if (!this.#questionSent(turn.query, images)) return;
    const input = this.#input;
    if (input && input.value.trim() === turn.query) input.value = '';
    const again: ChatTurn = { ...turn, images, status: 'pending', error: undefined };
    this.#givenBack = undefined;
    this.#set(() => {
      if (given) this.attachments = this.attachments.filter((a) => !given.includes(a));
      // Asked now, it comes last: the service hears it after the turns since, as the transcript says.
      this.turns = [...this.turns.filter((t) => t.id !== turn.id), again];
    });
    this.#save();
    this.#announce(this.#strings.thinking);
    void this.#run(again);
    if (focus) input?.focus();
  }

  #removeAttachment(index: number): void {
    const removed = this.attachments[index];
    if (removed) this.#announce(fill(this.#strings.imageRemoved, { name: removed.name }));
    this.#set(() => {
      this.attachments = this.attachments.filter((_, i) => i !== index);
      this.attachmentNotices = [];
    });
    this.#input?.focus();
  }

  async #copy(turn: ChatTurn): Promise<void> {
    const s = this.#strings;
    const body = this.#answers.get(turn.id);
    const text =
      String(this.#host.copyAs).toLowerCase() === 'text' || turn.format === 'html'
        ? body
          ? answerText(body)
          : ''
        : (turn.record?.answer ?? '');
    this.#copyFailed = '';
    try {
      if (!text.trim()) throw new Error('nothing to copy');
      await navigator.clipboard.writeText(text.trim());
      this.#copied = turn.id;
      this.#announce(s.copied);
      clearTimeout(this.#copiedTimer);
      this.#copiedTimer = setTimeout(() => this.#set(() => (this.#copied = '')), 2000);
    } catch {
      // Said where the visitor looks, not only to a screen reader: the button itself is unchanged.
      this.#copyFailed = turn.id;
      this.#announce(s.copyFailed);
    }
  }

  /**
   * A vote reached the service: kept with the answer it rates, found by its insightId, not by where
   * its buttons are: kept with the answer shown there, it pressed a thumb the visitor never pressed.
   */
  readonly #onFeedback = (event: CustomEvent<{ insightId: string; value: FeedbackValue }>): void => {
    const { insightId, value } = event.detail;
    const turn = this.turns.find((t) => t.record?.insightId === insightId);
    if (turn) this.#settle(turn, { feedback: value });
  };

  #onNewConversation(): void {
    this.reset();
    emit(this.#host, 'reset', {});
    this.#announce(this.#strings.conversationStarted);
    this.#input?.focus();
  }

  #onSearch(query: string): void {
    if (!emit(this.#host, 'search', { query }, { cancelable: true })) return;
    // Nobody took it: hand the query to a <search-box> beside the chat (in the same shadow root,
    // when a component renders both), else of the page, if there is one: one on screen, not the
    // header's that a phone layout hides. A page's own element under that tag name is left alone.
    const shown = (root: Document | ShadowRoot) =>
      [...root.querySelectorAll('search-box')].find((found) => found.checkVisibility?.() !== false);
    const box = shown(this.#host.getRootNode() as Document | ShadowRoot) ?? shown(document);
    if (typeof box?.show == 'function') {
      box.query = query;
      box.show();
    }
  }

  /**
   * The sanitized answer of a turn; or, when marked and DOMPurify could not be fetched to draw it
   * (the connection dropped after the page loaded), why it is not shown, and a Retry that fetches
   * them again: the answer is kept, and asked again the service would answer it twice.
   */
  #body(turn: ChatTurn) {
    const body = this.#answers.get(turn.id);
    if (body || !this.#unrendered.has(turn.id)) return body ?? nothing;
    return html`<p part="error" class="error">${this.#strings.notShown}</p>
      <div part="actions" class="actions">
        <button part="button retry-button" type="button" @click=${() => this.#showUnshown()}>
          ${this.#strings.retry}
        </button>
      </div>`;
  }

  /** Draws the answers that could not be drawn before (see `#body`). */
  #showUnshown(): void {
    // An answer drawn says so itself (see #renderAnswer).
    void this.#renderSaved(this.turns).then(() => {
      if (this.#unshown) this.#announce(this.#strings.notShown);
    });
    this.#input?.focus();
  }

  /** Whether an answer could not be drawn, for want of the renderer. */
  get #unshown(): boolean {
    return this.turns.some((turn) => this.#unrendered.has(turn.id));
  }

  #renderAnswerTurn(turn: ChatTurn, client: ChatClient) {
    const s = this.#strings;
    const host = this.#host;
    const record = turn.record;
    if (turn.status === 'pending')
      return html`<p class="thinking"><span class="dots" aria-hidden="true"></span>${s.thinking}</p>`;
    if (turn.status !== 'answered' || !record)
      return html`<p part=${turn.status === 'error' ? 'error' : 'notice'} class=${turn.status}>
          ${turn.status === 'error' ? turn.error : s.stopped}
        </p>
        ${
          // Refused for good, or restored without its images, which Retry would not send.
          turn.final || turn.imagesNotKept
            ? nothing
            : html`<div part="actions" class="actions">
                <button part="button retry-button" type="button" @click=${() => this.#retry(turn)}>
                  ${s.retry}
                </button>
              </div>`
        }`;
    // A custom agent asking for a value it needs (an order number), or the service's reply to a
    // greeting or thanks: its words are the message, with nothing to search instead.
    if (!record.didAnswer && repliesInWords(record)) return this.#body(turn);
    if (!record.didAnswer) {
      const href = host.searchUrl ? fill(host.searchUrl, { query: encodeURIComponent(turn.query) }) : '';
      // The question isolated, as the search box's "Ask AI about" does.
      const label = shownNotice({ template: s.searchInstead, values: { query: turn.query } });
      return html`<p part="notice" class="notice">${s.notFound}</p>
        ${
          href && isAllowedUrl(href)
            ? html`<a part="search-link" href=${href}>${label}</a>`
            : html`<button
                part="button search-button"
                type="button"
                @click=${() => this.#onSearch(turn.query)}
              >
                ${label}
              </button>`
        }`;
    }
    const body = this.#body(turn);
    const unsure = isUnsure(record, host.minRelevance);
    // Copy keeps the width of its longer label: see chat-behaviour.styles.ts.
    const copied = this.#copied === turn.id;
    return html`${
        unsure
          ? html`<p part="notice" class="notice">${s.notSure}</p>
              ${renderDocuments(host, record)}
              <details
                ?open=${this.#opened.has(turn.id)}
                @toggle=${(event: Event) => this.#onToggle(turn, event)}
              >
                <summary>${s.showAnyway}</summary>
                ${body}
              </details>`
          : html`${body}${renderSource(host, record, turn.format, s)}`
      }
      <div part="actions" class="actions">
        <button part="button copy-button" class="copy" type="button" @click=${() => this.#copy(turn)}>
          <span class="labels"
            ><span class=${copied ? 'off' : ''}>${s.copy}</span
            ><span class=${copied ? '' : 'off'}>${s.copied}</span></span
          >
        </button>
        ${this.#feedbackOf(turn, record, client)}
        ${
          this.#copyFailed === turn.id
            ? html`<p part="notice" class="error copy-failed">${s.copyFailed}</p>`
            : nothing
        }
      </div>`;
  }

  /**
   * The feedback buttons under an answer: one element for each answer, kept with it as its text
   * is. The transcript is drawn by position, so a question retried (moved to the end) or sent again
   * (in the failed one's place) handed each answer's buttons below it to the next: the reason a
   * visitor was writing under one was lost, and its thanks.
   */
  #feedbackOf(turn: ChatTurn, record: AnswerRecord, client: ChatClient): FeedbackButtons {
    const host = this.#host;
    let kept = this.#feedback.get(turn.id);
    if (!kept) {
      const buttons = document.createElement('feedback-buttons');
      buttons.setAttribute('part', 'feedback');
      buttons.setAttribute('exportparts', 'button: feedback-button');
      buttons.addEventListener('ask-feedback', this.#onFeedback as EventListener);
      this.#feedback.set(turn.id, (kept = { buttons }));
    }
    const { buttons } = kept;
    buttons.setAttribute('insight-id', record.insightId);
    buttons.toggleAttribute('ask-reason', host.feedbackReason);
    buttons.client = client;
    buttons.strings = host.feedbackStrings;
    buttons.reasons = host.feedbackReasons ?? englishReasons;
    // Given again only when the answer's vote changed, as a binding does: a thumb pressed shows its
    // vote while it is on its way, before the chat keeps it, and the next answer drawn undid it.
    const value = turn.feedback ?? null;
    if (kept.value !== value) buttons.value = kept.value = value;
    return buttons;
  }

  /**
   * "Show the answer anyway" opened or closed: kept with its answer, and drawn again so that its
   * place follows the answer. Drawn by position, a question retried (moved to the end) left an
   * opened one open under the answer that came to its place, and the answer opened folded.
   */
  #onToggle(turn: ChatTurn, event: Event): void {
    if ((event.target as HTMLDetailsElement).open === this.#opened.has(turn.id)) return;
    if (this.#opened.has(turn.id)) this.#opened.delete(turn.id);
    else this.#opened.add(turn.id);
    this.#host.requestUpdate();
  }

  /** The bar above the transcript: "New conversation", once there is a conversation. */
  renderHeader() {
    return html`<div part="header" class="header" ?hidden=${this.turns.length === 0}>
      <button part="button new-conversation-button" type="button" @click=${() => this.#onNewConversation()}>
        ${this.#strings.newConversation}
      </button>
    </div>`;
  }

  /** Every question and its answer, in the transcript, and the "New answer" button after them. */
  renderTurns() {
    const s = this.#strings;
    // Once per render, not once per answer: the feedback buttons of every answer share it.
    const client = this.#client;
    const turns = this.turns.map(
      (turn) =>
        html`<article part="message question" class="question" aria-label=${s.you}>
            <p dir="auto">${turn.query}</p>
            ${
              turn.images.length > 0
                ? html`<div class="sent-images">
                    ${
                      // Checked when attached or restored: a data URI is megabytes long, and
                      // scanning each at every update took 150 ms with 24 in the transcript.
                      turn.images.map(
                        (uri, i) => html`<img src=${uri} alt=${`${s.attachmentsLabel} ${i + 1}`} />`,
                      )
                    }
                  </div>`
                : nothing
            }
          </article>
          <article
            part="message answer"
            class="answer"
            aria-label=${s.answer}
            aria-busy=${turn.status === 'pending' ? 'true' : 'false'}
          >
            ${turn.imagesNotKept ? html`<p part="notice" class="notice">${s.imagesNotKept}</p>` : nothing}${
              turn.forgotten ? html`<p part="notice" class="notice">${s.conversationForgotten}</p>` : nothing
            }${this.#renderAnswerTurn(turn, client)}
          </article>`,
    );
    return html`${turns}${this.#place.renderNewAnswer(s.newAnswer)}`;
  }

  /** The thumbnails of the attached images, above the composer. */
  renderAttachments() {
    const s = this.#strings;
    return this.attachments.length > 0
      ? html`<ul part="attachments" class="attachments" aria-label=${s.attachmentsLabel}>
          ${this.attachments.map(
            (image, i) =>
              html`<li part="thumbnail">
                <img src=${image.dataUri} alt=${image.name} />
                <button
                  part="button remove-button"
                  type="button"
                  aria-label=${fill(s.removeImage, { name: image.name })}
                  @click=${() => this.#removeAttachment(i)}
                >
                  ×
                </button>
              </li>`,
          )}
        </ul>`
      : nothing;
  }

  /** The stop button, in place of send while an answer is pending. */
  renderStop() {
    const s = this.#strings;
    return html`<button
      part="button stop-button"
      type="button"
      title=${s.stop}
      aria-label=${s.stop}
      @click=${() => (this.#ask.abort(), this.#input?.focus())}
      @keydown=${(event: KeyboardEvent) => {
        // Escape stops from here as from the input (see AskChat's keydown), and goes no further.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        this.#ask.abort();
      }}
    >
      ${icon(STOP)}
    </button>`;
  }
}

/** What the chats of one browser's tabs say to each other about the conversation they hold. */
interface TabMessage {
  name: string;
  conversationId: string;
  asking: boolean;
  /** The document that sent it (see `thisDocument`). */
  from: string;
}

const DOCUMENT_ID = Symbol.for('ask-elements.document-id');
/**
 * This document's id among the tabs, one for every copy of ask-elements on the page (kept on the
 * page, as the default client is).
 */
function thisDocument(): string {
  const page = globalThis as typeof globalThis & { [DOCUMENT_ID]?: string };
  return (page[DOCUMENT_ID] ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
}

/**
 * A message to the other tabs' chats, from this document: asking who holds a conversation, or
 * answering that this tab does.
 */
const tabMessage = (name: string, conversationId: string, asking: boolean): TabMessage => ({
  name,
  conversationId,
  asking,
  from: thisDocument(),
});
