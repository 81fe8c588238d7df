/**
 * Follow-up benchmark: conversations over the Hono docs, MDN (10,000 pages) and the demo's own
 * docs, each a first question and one or two later turns ("how do I change it?", "and for Bun?",
 * "what is the default?"), asked through the service's answering path (`answerQuestion`, as
 * `POST /bot/askai` calls it) with a real conversation store (SQLite in memory). Prints numbers,
 * asserts nothing.
 *
 *   npx tsx bench/follow-ups.ts                 (all three; expands MDN into /tmp/mdn when missing)
 *   npx tsx bench/follow-ups.ts --hono --demo   (flags combine: --hono, --mdn, --demo, --man-fr)
 *   npx tsx bench/follow-ups.ts --misses        (also lists the seen conversations' misses)
 *   npx tsx bench/follow-ups.ts --switches      (also every first question after every other)
 *
 * For each later turn: the resolved search's hit@3 (the turn's `context.resolvedQuery`, searched
 * as the answerer searches it: is an expected page among the first three?), source right (the
 * answer's page is an expected one) and didAnswer, (a) asked in its conversation and (b) asked
 * alone in a new conversation: what the service would do with no resolution at all. Turns marked
 * `switch` change the subject: they should read as well in the conversation as alone, not be
 * dragged to the earlier topic. First turns are listed for context: a follow-up to a first
 * question answered from the wrong page starts from the wrong topic.
 *
 * The conversations are in bench/questions/*-conversations.json, written on 2026-11-30 from the
 * pages alone by a helper who saw no ranking. The odd-numbered ones (index 1, 3, … counting from
 * 0, marked `blind`) are held out: `--misses` never prints theirs, and only their aggregates
 * are read. A second set per site, bench/questions/*-conversations2.json (Hono and MDN, also
 * written on 2026-11-30 from the pages alone, on other pages and topics, before any ranking of
 * them was seen), is held out entirely: when the file is present its rows are printed as
 * "held out 2" under the site's table, searched over the same index, and none of its misses is
 * ever printed, with or without `--misses`; `--switches` uses the first set only. `--man-fr`
 * asks conversations in French (man-fr-conversations.json, written on 2026-12-01) over Debian's
 * French manual pages, rendered into /tmp as answer-quality.ts --man renders them; skipped on a
 * system without them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createExtractiveAnswerer } from '../src/server/answer/extractive-answerer.js';
import { defaultConfig } from '../src/server/config.js';
import type { SourceDocument } from '../src/server/content/document.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { createOramaIndex } from '../src/server/search/orama-index.js';
import { answerQuestion } from '../src/server/service/answer-question.js';
import { createSqliteStore } from '../src/server/store/sqlite-store.js';
// The corpora beside the checkout, else the project's (a clone in /tmp has none beside it).
import { CORPORA, MDN_DIR } from './answer-quality.js';

const QUESTIONS = new URL('./questions/', import.meta.url).pathname;

interface Turn {
  question: string;
  expected: string[];
  /** A change of subject: nothing of the earlier turns should be carried over. */
  switch?: boolean;
}
interface Conversation {
  blind: boolean;
  turns: Turn[];
}

/** What one asked turn gave. */
interface Outcome {
  resolvedQuery: string;
  didAnswer: boolean;
  sourceRight: boolean;
  hit3: boolean;
  ms: number;
}

const pct = (count: number, n: number): string =>
  `${((count / Math.max(n, 1)) * 100).toFixed(1)}%`.padStart(6);

const readConversations = (file: string): Conversation[] =>
  (JSON.parse(readFileSync(`${QUESTIONS}${file}`, 'utf8')) as { conversations: Conversation[] })
    .conversations;

async function benchmark(name: string, documents: SourceDocument[], file: string): Promise<void> {
  const conversations = readConversations(file);
  // The fully held-out second set, when there is one: only its aggregates are ever printed.
  const file2 = file.replace(/\.json$/, '2.json');
  const heldOut = existsSync(`${QUESTIONS}${file2}`) ? readConversations(file2) : [];
  const index = createOramaIndex({ resultCacheSize: 0 });
  await index.load(documents);
  const answerer = createExtractiveAnswerer({ index });
  const store = createSqliteStore(':memory:');
  const agent = defaultConfig().agents[0]!;
  const deps = { store, answerer, customAgents: { logger: console } };

  const ask = async (turn: Turn, conversationId?: string): Promise<Outcome & { conversationId: string }> => {
    const started = performance.now();
    const record = await answerQuestion(deps, agent, {
      query: turn.question,
      format: 'markdown',
      ...(conversationId === undefined ? {} : { conversationId }),
    });
    const ms = performance.now() - started;
    const resolvedQuery = String(record.context?.['resolvedQuery'] ?? turn.question);
    // The resolved search as the answerer runs it (no prefix search of the last word).
    const top = await index.search(resolvedQuery, { limit: 3, prefixLastTerm: false });
    return {
      conversationId: record.conversationId,
      resolvedQuery,
      didAnswer: record.didAnswer,
      sourceRight: record.didAnswer && turn.expected.includes(record.link),
      hit3: top.some((hit) => turn.expected.includes(hit.document.link)),
      ms,
    };
  };

  type Row = { turn: Turn; inConversation: Outcome; alone: Outcome; blind: boolean; index: number };
  type First = { blind: boolean; outcome: Outcome };
  const times: number[] = [];
  const run = async (set: Conversation[], timed: boolean): Promise<{ firsts: First[]; rows: Row[] }> => {
    const firsts: First[] = [];
    const rows: Row[] = [];
    for (const [at, conversation] of set.entries()) {
      const [first, ...later] = conversation.turns;
      const opened = await ask(first!);
      firsts.push({ blind: conversation.blind, outcome: opened });
      for (const turn of later) {
        const inConversation = await ask(turn, opened.conversationId);
        if (timed) times.push(inConversation.ms);
        const alone = await ask(turn);
        rows.push({ turn, inConversation, alone, blind: conversation.blind, index: at });
      }
    }
    return { firsts, rows };
  };
  const { firsts, rows } = await run(conversations, true);
  const second = await run(heldOut, false);
  const switched = process.argv.includes('--switches') ? await switches(ask, conversations) : '';
  await store.close();

  console.log(
    `\n== ${name}: ${documents.length} pages, ${conversations.length} conversations, ${rows.length} later turns ==`,
  );
  const line = (label: string, outcomes: Outcome[]) => {
    const n = outcomes.length;
    const count = (key: 'sourceRight' | 'hit3' | 'didAnswer') => outcomes.filter((o) => o[key]).length;
    console.log(
      `  ${label.padEnd(36)} n=${String(n).padStart(3)}  source right ${pct(count('sourceRight'), n)}  hit@3 ${pct(count('hit3'), n)}  didAnswer ${pct(count('didAnswer'), n)}`,
    );
  };
  const table = (heading: string, setFirsts: First[], mine: Row[]) => {
    const followUps = mine.filter((row) => row.turn.switch !== true);
    const switches = mine.filter((row) => row.turn.switch === true);
    console.log(`\n  ${heading}:`);
    line(
      'first turns',
      setFirsts.map((f) => f.outcome),
    );
    line(
      '(a) follow-ups, in conversation',
      followUps.map((row) => row.inConversation),
    );
    line(
      '(b) follow-ups, asked alone',
      followUps.map((row) => row.alone),
    );
    line(
      '(c) topic switches, in conversation',
      switches.map((row) => row.inConversation),
    );
    line(
      '    topic switches, asked alone',
      switches.map((row) => row.alone),
    );
  };
  for (const half of ['seen', 'blind'] as const)
    table(
      half,
      firsts.filter((f) => f.blind === (half === 'blind')),
      rows.filter((row) => row.blind === (half === 'blind')),
    );
  if (heldOut.length > 0)
    table(
      `${name}, held out 2 (${heldOut.length} conversations, ${second.rows.length} later turns)`,
      second.firsts,
      second.rows,
    );
  if (switched) console.log(switched);
  const sorted = [...times].sort((x, y) => x - y);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(`\n  ask in a conversation: p50 ${p50.toFixed(1)} ms (n=${sorted.length})`);

  if (!process.argv.includes('--misses')) return;
  // Only the seen conversations' misses: the blind ones' are never printed.
  console.log('\n  Misses of the seen conversations (in conversation):');
  for (const row of rows.filter((r) => !r.blind)) {
    const o = row.inConversation;
    if (o.sourceRight && o.hit3) continue;
    console.log(
      `    #${row.index}${row.turn.switch ? ' switch' : ''} ${row.turn.question} → "${o.resolvedQuery}" ${o.didAnswer ? '' : 'declined '}hit@3 ${o.hit3 ? 'yes' : 'no'}, source ${o.sourceRight ? 'right' : 'wrong'} (alone: hit@3 ${row.alone.hit3 ? 'yes' : 'no'}, source ${row.alone.sourceRight ? 'right' : 'wrong'})`,
    );
  }
}

/**
 * Changes of subject beyond the marked ones: each conversation's first question asked after
 * every other's (written to stand alone, on another subject): how often the answer's source is an
 * expected page, against the same question asked alone.
 */
async function switches(
  ask: (turn: Turn, conversationId?: string) => Promise<Outcome & { conversationId: string }>,
  conversations: Conversation[],
): Promise<string> {
  const firsts = conversations.map((conversation) => conversation.turns[0]!);
  let pairs = 0;
  let right = 0;
  let rightAlone = 0;
  for (const second of firsts) {
    const alone = await ask(second);
    for (const first of firsts) {
      if (first === second) continue;
      const opened = await ask(first);
      const asked = await ask(second, opened.conversationId);
      pairs++;
      if (asked.sourceRight) right++;
      if (alone.sourceRight) rightAlone++;
    }
  }
  return `\n  first questions after another's (${pairs} pairs): source right ${pct(right, pairs)}, asked alone ${pct(rightAlone, pairs)}`;
}

const only = ['--hono', '--mdn', '--demo', '--man-fr'].filter((flag) => process.argv.includes(flag));
const runs = (flag: string) => only.length === 0 || only.includes(flag);
if (runs('--demo'))
  await benchmark(
    'demo docs',
    (await loadContentFolder(new URL('../demo/content/', import.meta.url).pathname)).documents,
    'demo-conversations.json',
  );
if (runs('--man-fr') && existsSync('/usr/share/man/fr')) {
  // Debian's French manual pages, rendered on this machine as answer-quality.ts --man renders them.
  const dir = '/tmp/ask-elements-man-fr';
  if (!existsSync(dir))
    execFileSync('node', [new URL('./man-corpus.mjs', import.meta.url).pathname, 'fr', dir], {
      stdio: 'ignore',
    });
  await benchmark(
    "Debian's manual pages in French",
    (await loadContentFolder(dir)).documents,
    'man-fr-conversations.json',
  );
}
if (runs('--hono'))
  await benchmark(
    'Hono docs',
    (await loadContentFolder(`${CORPORA}hono`)).documents,
    'hono-conversations.json',
  );
if (runs('--mdn')) {
  if (!existsSync(MDN_DIR))
    execFileSync('node', [`${CORPORA}expand.mjs`, `${CORPORA}mdn-10k.jsonl.gz`, MDN_DIR], {
      stdio: 'inherit',
    });
  await benchmark(
    'MDN (10,000 pages)',
    (await loadContentFolder(MDN_DIR)).documents,
    'mdn-conversations.json',
  );
}
