/**
 * Messages that ask nothing (a greeting, thanks, a goodbye, an "ok", "who are you?") asked of the
 * real service over HTTP: a short reply in the site's language, never a quote from the pages, no
 * model call, and no place among the questions the analytics count.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { closeWithConnections, listenAsModelApi } from '../support/model-api-server.js';
import { configWith, DEMO_KEY, servedSite, startTestService, type TestService } from './service-harness.js';

interface Reply {
  answer: string;
  didAnswer: boolean;
  relevanceScore: number;
  link: string;
  title: string;
  insightId: string;
  conversationId: string;
  context: { smallTalk?: boolean; passages: unknown[]; resolvedQuery: string };
}

const ask = async (service: TestService, query: string, conversationId = ''): Promise<Reply> => {
  const { status, body } = await service.postJson('/bot/askai', {
    apiKey: DEMO_KEY,
    query,
    format: 'markdown',
    conversationId,
  });
  assert.equal(status, 200, query);
  return body as Reply;
};

/** Asserts that `reply` is small talk's: nothing answered from the documents, and marked. */
/** The small talk sent to the English site. */
const sentSmallTalk = new Set<string>();

const assertSmallTalk = (reply: Reply, text: RegExp, query: string): void => {
  sentSmallTalk.add(query);
  assert.equal(reply.context.smallTalk, true, query);
  assert.equal(reply.didAnswer, false, query);
  assert.equal(reply.relevanceScore, 0, query);
  assert.equal(reply.link, '', query);
  assert.equal(reply.title, '', query);
  assert.deepEqual(reply.context.passages, [], query);
  assert.match(reply.answer, text, query);
};

describe('small talk on an English site', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ config: configWith() });
  });
  after(() => service.close());

  it('replies to greetings, thanks, goodbyes and acknowledgements, with their punctuation and emoji', async () => {
    const replies: [string, RegExp][] = [
      ['hi', /^Hello! Ask me a question about this documentation/],
      ['Hello there!', /^Hello!/],
      ['hey 👋', /^Hello!/],
      ['thanks!', /^You're welcome!/],
      ['Thank you so much 🙏', /^You're welcome!/],
      ['ok, thanks!', /^You're welcome!/],
      ['bye!', /^Goodbye!/],
      ['ok', /^Anything else\?/],
      ['Great!!', /^Anything else\?/],
      ['👍🏽', /^Anything else\?/],
    ];
    for (const [query, text] of replies) assertSmallTalk(await ask(service, query), text, query);
  });

  it('says honestly what it is, when asked', async () => {
    for (const query of [
      'who are you?',
      'What can you do?',
      'are you a bot?',
      'Are you human?',
      'hi, who are you?',
    ])
      assertSmallTalk(
        await ask(service, query),
        /not a person: I answer questions by quoting the site's own pages/,
        query,
      );
  });

  it('answers a question that opens with a greeting or thanks as the question', async () => {
    const plain = await ask(service, 'How do I install it?');
    assert.equal(plain.didAnswer, true);
    for (const query of [
      'hi, how do I install it?',
      'Hello! How do I install it?',
      'thanks, and how do I install it?',
    ]) {
      const reply = await ask(service, query);
      assert.equal(reply.context.smallTalk, undefined, query);
      assert.equal(reply.didAnswer, true, query);
      assert.equal(reply.link, plain.link, query);
    }
  });

  it('takes the topic of a follow-up from the question before a thanks', async () => {
    const first = await ask(service, 'How do I change the accent colour?');
    assert.equal(first.didAnswer, true);
    const thanks = await ask(service, 'thanks!', first.conversationId);
    assertSmallTalk(thanks, /^You're welcome!/, 'thanks!');
    const followUp = await ask(service, 'and in dark mode?', first.conversationId);
    assert.match(followUp.context.resolvedQuery, /accent colou?r/i);
  });

  it('keeps small talk in the records, but counts no question of it, answered or not', async () => {
    const started = Date.now() - 60_000;
    const thanks = await ask(service, 'Thanks!!');
    await ask(service, 'thanks');
    sentSmallTalk.add('Thanks!!').add('thanks');
    await ask(service, 'What was the population of medieval Byzantium?');
    const vote = await service.postJson('/bot/feedback', {
      apiKey: DEMO_KEY,
      insightId: thanks.insightId,
      feedback: 1,
    });
    assert.equal(vote.status, 200);
    const report = async (path: string) => {
      const response = await service.get(
        `/api/projects/demo/analytics${path}${path.includes('?') ? '&' : '?'}startDate=${started}&endDate=${Date.now()}&limit=100`,
        { authorization: `Bearer ${DEMO_KEY}` },
      );
      assert.equal(response.status, 200, path);
      return response.json();
    };
    const records = (await report('')) as { insightId: string; query: string; feedback: number | null }[];
    assert.equal(records.find((record) => record.insightId === thanks.insightId)?.feedback, 1);
    const unanswered = (await report('?didAnswer=false')) as { query: string }[];
    assert.ok(unanswered.some((record) => /Byzantium/.test(record.query)));
    assert.deepEqual(
      unanswered.filter((record) => sentSmallTalk.has(record.query)),
      [],
    );
    for (const sort of ['-count', '-unanswered', '-negative']) {
      const questions = (await report(`/topquestions?sort=${sort}`)) as { question: string }[];
      assert.ok(
        questions.some((question) => /Byzantium/.test(question.question)),
        sort,
      );
      assert.deepEqual(
        questions.filter((question) => sentSmallTalk.has(question.question)),
        [],
        sort,
      );
    }
  });
});

describe('small talk on a site whose page is titled with it', () => {
  const site = servedSite('ask-elements-small-talk-', {
    'hello.md': [
      '# Hello',
      '',
      'The `hello` command prints a greeting in the terminal, to check that the toolkit is installed. Run it with no arguments.',
    ].join('\n'),
    'strings.md': [
      '# Strings',
      '',
      '## Thanks',
      '',
      'The thanks string is the message shown after a visitor votes. Set it with the strings property.',
    ].join('\n'),
  });

  it('searches a message that names a page or a section, rather than greeting or thanking', async () => {
    for (const [query, link] of [
      ['hello', '/hello'],
      ['Thanks', '/strings'],
    ]) {
      const reply = await ask(site(), query);
      assert.equal(reply.context.smallTalk, undefined, query);
      assert.equal(reply.didAnswer, true, query);
      assert.equal(reply.link.split('#')[0], link, query);
    }
  });

  it('still replies to small talk that names nothing of the site', async () => {
    assertSmallTalk(await ask(site(), 'bye!'), /^Goodbye!/, 'bye!');
  });
});

describe('small talk in the language of the site', () => {
  const german = servedSite(
    'ask-elements-small-talk-de-',
    {
      'konto/passwort.md': [
        '# Passwort zurücksetzen',
        '',
        'Wenn Sie Ihr Passwort vergessen haben, klicken Sie auf der Anmeldeseite auf „Passwort vergessen“. Sie erhalten dann eine E-Mail mit einem Link, über den Sie ein neues Passwort festlegen können.',
      ].join('\n'),
    },
    { language: 'de' },
  );
  const french = servedSite(
    'ask-elements-small-talk-fr-',
    {
      'compte/mot-de-passe.md': [
        '# Réinitialiser le mot de passe',
        '',
        'Si vous avez oublié votre mot de passe, cliquez sur « Mot de passe oublié » sur la page de connexion. Vous recevrez un courriel avec un lien pour en choisir un nouveau.',
      ].join('\n'),
    },
    { language: 'fr' },
  );

  it('replies in German', async () => {
    assertSmallTalk(await ask(german(), 'Hallo!'), /^Hallo! Stellen Sie mir eine Frage/, 'Hallo!');
    assertSmallTalk(await ask(german(), 'Danke schön!'), /^Gern geschehen!/, 'Danke schön!');
    assertSmallTalk(await ask(german(), 'thanks'), /^Gern geschehen!/, 'thanks');
    assertSmallTalk(await ask(german(), 'Wer bist du?'), /kein Mensch/, 'Wer bist du?');
    assertSmallTalk(await ask(german(), 'tschüss'), /^Auf Wiedersehen!/, 'tschüss');
  });

  it('replies in French, and answers a question after a greeting', async () => {
    assertSmallTalk(await ask(french(), 'Bonjour !'), /^Bonjour ! Posez-moi une question/, 'Bonjour !');
    assertSmallTalk(await ask(french(), 'merci beaucoup'), /^Je vous en prie/, 'merci beaucoup');
    assertSmallTalk(await ask(french(), "d'accord 👍"), /^Autre chose/, "d'accord 👍");
    const reply = await ask(french(), "Bonjour, j'ai oublié mon mot de passe ?");
    assert.equal(reply.didAnswer, true);
    assert.equal(reply.link, '/compte/mot-de-passe');
  });
});

describe('small talk with generated answers', () => {
  let calls = 0;
  const model = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [
            {
              message: { role: 'assistant', content: 'Run `npm install ask-elements`.' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  let service: TestService;
  before(async () => {
    const baseUrl = await listenAsModelApi(model);
    service = await startTestService({
      config: configWith(),
      env: { LLM_BASE_URL: baseUrl, LLM_MODEL: 'test-model' },
    });
  });
  after(async () => {
    await service.close();
    await closeWithConnections(model);
  });

  it('replies without calling the model, and says a model writes the answers', async () => {
    assertSmallTalk(await ask(service, 'thanks!'), /^You're welcome!/, 'thanks!');
    assertSmallTalk(await ask(service, 'hello 👋'), /^Hello!/, 'hello 👋');
    assertSmallTalk(
      await ask(service, 'are you a bot?'),
      /a language model answers questions/,
      'are you a bot?',
    );
    assert.equal(calls, 0);
    const question = await ask(service, 'hi, how do I install it?');
    assert.equal(question.didAnswer, true);
    assert.equal(calls, 1);
  });
});
