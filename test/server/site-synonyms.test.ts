/**
 * A site's own synonyms (the config file's `synonyms` and `builtInSynonyms`), over HTTP: a word
 * visitors use and the pages never do finds, and is answered from, the pages that use its
 * synonym, with the index in a thread of its own and in the service's one thread alike.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ConfigFile } from '../../src/server/config.js';
import { SYNONYMS, synonymTable } from '../../src/server/search/synonyms.js';
import {
  configWith,
  DEMO_KEY,
  servedSite,
  startTestService,
  type TestService,
  writeSite,
} from './service-harness.js';

const PAGES = {
  'accounts.md': [
    '# Accounts',
    '',
    'Every member of a workspace has an account, with an email address and a password.',
    '',
    '## Login',
    '',
    'The account menu sits at the top right of every page of the workspace, beside the search field.',
    '',
    'To login, choose the menu and enter an email address and a password. After five failed attempts it is locked for an hour.',
    '',
    '## Password reset',
    '',
    'Forgot the password of an account? Choose "Forgot password" in the account menu: a link to set a new one is sent to the email address of the account.',
  ].join('\n'),
  'members.md': [
    '# Members',
    '',
    'Members are the people who work in a workspace, each with a role.',
    '',
    '## Inviting members',
    '',
    'A tenant, in the versions before 3.0, was one organisation with its own billing.',
    '',
    'Owners send invitations from the members page, to an email address each.',
    '',
    'To add people to a workspace, open its settings, choose Invite and paste their email addresses.',
    '',
    '## Roles',
    '',
    'An owner manages billing and members; an editor writes pages; a reader reads them.',
  ].join('\n'),
  'help-centre.md':
    '# Help centre\n\nThe kb holds an article for every question support has answered twice.\n',
  'reports.md': [
    '# Reports',
    '',
    'Reports show how a workspace is used: pages viewed, searches made and questions asked, by week.',
    '',
    '## Export',
    '',
    'Export a report as CSV from its menu, or remove it once read.',
  ].join('\n'),
};

/** Visitors say "signin", "authenticate" and "tenant"; the pages say "login" and "workspace". */
const SITE_GROUPS = [
  ['SignIn', 'login', 'authenticate'],
  ['tenant', 'workspace'],
  ['kb', 'knowledge-base'],
];

const search = async (service: TestService, query: string): Promise<string[]> => {
  const { status, body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 8 });
  assert.equal(status, 200);
  return (body as { link: string; section?: { link: string } }[]).map((hit) => hit.section?.link ?? hit.link);
};

const ask = async (service: TestService, query: string) => {
  const { status, body } = await service.postJson('/bot/askai', {
    apiKey: DEMO_KEY,
    query,
    format: 'markdown',
    conversationId: '',
  });
  assert.equal(status, 200);
  return body as {
    didAnswer: boolean;
    link: string;
    answer: string;
    context: { passages: { link: string }[] };
  };
};

for (const indexThread of [true, false]) {
  describe(`a site's synonyms, with the index ${indexThread ? 'in a thread of its own' : 'in the service thread'}`, () => {
    const site = servedSite('ask-synonyms-', PAGES, {
      config: configWith({ synonyms: SITE_GROUPS } as Partial<ConfigFile>),
      indexThread,
    });

    it('finds the section that uses the synonym of a word no page uses, as soon as it is typed', async () => {
      assert.deepEqual(await search(site(), 'signin'), ['/accounts#login']);
      assert.deepEqual(await search(site(), 'signin account'), ['/accounts#login']);
      // A hyphenated word of a group is read whole, though no page writes it.
      assert.deepEqual(await search(site(), 'knowledge-base'), ['/help-centre']);
    });

    it('reads any form of a word of a group as the word', async () => {
      // No page says "authenticate": its group is written as words, and visitors inflect them.
      assert.deepEqual(await search(site(), 'authenticating'), ['/accounts#login']);
      assert.deepEqual(await search(site(), 'authenticated account'), ['/accounts#login']);
      const answer = await ask(site(), 'How do I get authenticated to my account?');
      assert.equal(answer.didAnswer, true);
      assert.equal(answer.context.passages[0]?.link, '/accounts#login');
      assert.match(answer.answer, /To login, choose the menu/);
    });

    it('answers from that section', async () => {
      const answer = await ask(site(), 'How do I signin to my account?');
      assert.equal(answer.didAnswer, true);
      assert.equal(answer.link, '/accounts');
      assert.equal(answer.context.passages[0]?.link, '/accounts#login');
      assert.match(answer.answer, /To login, choose the menu/);
    });

    it('quotes the sentence that holds the synonym of a word the site uses elsewhere', async () => {
      const answer = await ask(site(), 'How do I add people to my tenant?');
      assert.equal(answer.context.passages[0]?.link, '/members#inviting-members');
      assert.match(answer.answer, /To add people to a workspace/);
      assert.doesNotMatch(answer.answer, /versions before 3\.0/);
    });

    it('keeps the built-in synonyms', async () => {
      const answer = await ask(site(), 'How do I delete a report?');
      assert.equal(answer.context.passages[0]?.link, '/reports#export');
      assert.match(answer.answer, /remove it once read/);
    });
  });
}

describe('a site without synonyms of its own', () => {
  const site = servedSite('ask-synonyms-none-', PAGES, { config: configWith() });

  it('finds nothing for a word no page uses, and declines the question', async () => {
    assert.deepEqual(await search(site(), 'signin'), []);
    assert.deepEqual(await search(site(), 'knowledge-base'), []);
    assert.equal((await ask(site(), 'How do I signin to my account?')).didAnswer, false);
  });

  it('quotes the sentence that holds the word asked', async () => {
    assert.match((await ask(site(), 'How do I add people to my tenant?')).answer, /versions before 3\.0/);
  });
});

describe('a site with the built-in synonyms turned off', () => {
  const site = servedSite('ask-synonyms-own-', PAGES, {
    config: configWith({ synonyms: SITE_GROUPS, builtInSynonyms: false } as Partial<ConfigFile>),
  });

  it('reads its own groups, not the built-in ones', async () => {
    // "delete" no longer finds "remove": the report's opening, not its export, is quoted.
    const answer = await ask(site(), 'How do I delete a report?');
    assert.notEqual(answer.context.passages[0]?.link, '/reports#export');
    assert.doesNotMatch(answer.answer, /remove it once read/);
    assert.deepEqual(await search(site(), 'signin'), ['/accounts#login']);
  });
});

describe("a watched site's synonyms", () => {
  it('are read again when a change re-indexes the pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-synonyms-watch-'));
    writeSite(dir, { 'reports.md': PAGES['reports.md'] });
    const service = await startTestService({
      config: configWith({ synonyms: SITE_GROUPS } as Partial<ConfigFile>),
      contentDir: dir,
      indexThread: true,
      watch: true,
    });
    try {
      assert.deepEqual(await search(service, 'signin'), []);
      const reindexed = service.reindexed!();
      writeSite(dir, { 'accounts.md': PAGES['accounts.md'] });
      assert.equal(await reindexed, 2);
      assert.deepEqual(await search(service, 'signin'), ['/accounts#login']);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('synonymTable', () => {
  it("makes each word of a group a synonym of every other, beside the word's built-in ones", () => {
    const table = synonymTable({ groups: [['signin', 'login', 'logon']], builtIn: true });
    assert.deepEqual(table.get('signin'), ['login', 'logon']);
    assert.deepEqual(table.get('login'), [...(SYNONYMS.get('login') ?? []), 'signin', 'logon']);
    assert.deepEqual(table.get('make'), SYNONYMS.get('make'));
    assert.equal(synonymTable({ groups: [], builtIn: true }), SYNONYMS);
    assert.equal(synonymTable({ groups: [['signin', 'login']], builtIn: false }).get('make'), undefined);
  });
});

describe("the stop words of a site's language in its synonyms", () => {
  const FRENCH_PAGES = {
    'compte.md': [
      '# Le compte',
      '',
      "Chaque membre de l'espace de travail a un compte, avec une adresse et un mot de passe.",
      '',
      'Pour se connecter, ouvrez le menu du compte et entrez votre adresse et votre mot de passe. Après cinq essais le compte est bloqué pendant une heure.',
    ].join('\n'),
  };
  const config = configWith({
    synonyms: [
      ['le', 'article'],
      ['connexion', 'login'],
    ],
  } as Partial<ConfigFile>);

  it('refuses, naming the field and the word, a stop word of the language given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-synonyms-fr-'));
    try {
      writeSite(dir, FRENCH_PAGES);
      await assert.rejects(
        startTestService({ config, contentDir: dir, language: 'fr' }),
        /^ConfigError: config: synonyms\.0\.0: "le" is a word search leaves out in French/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns of one of the language told from the pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-synonyms-auto-'));
    const warnings: string[] = [];
    const logger = { info: () => {}, warn: (line: string) => warnings.push(line), error: () => {} };
    try {
      writeSite(dir, FRENCH_PAGES);
      const service = await startTestService({ config, contentDir: dir, logger });
      await service.close();
      assert.deepEqual(
        warnings.filter((line) => line.startsWith('synonyms.')),
        [
          'synonyms.0.0: "le" is a word search leaves out in French (too common to tell pages apart): leave it out (the text is read as French)',
        ],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
