import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { detectLanguage, languageCode, loadLanguage } from '../../src/server/search/languages.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { segmentedWords, TextAnalyser } from '../../src/server/search/text-analyser.js';
import { pageWithText } from './documents.js';
import { runCli } from './cli-process.js';
import { DEMO_KEY, servedSite, startTestService, type TestService, writeSite } from './service-harness.js';

/** A small help centre in German, as a site owner would write it. */
const GERMAN_PAGES: Record<string, string> = {
  'konto/passwort.md': `# Passwort zurücksetzen

Wenn Sie Ihr Passwort vergessen haben, klicken Sie auf der Anmeldeseite auf „Passwort vergessen“. Wir senden Ihnen eine E-Mail mit einem Link, über den Sie ein neues Passwort festlegen. Der Link ist 24 Stunden gültig.

## Sichere Passwörter

Ein sicheres Passwort hat mindestens zwölf Zeichen und enthält Ziffern und Sonderzeichen.
`,
  'konto/zahlung.md': `# Zahlungsmethode ändern

Unter Einstellungen › Abrechnung können Sie Ihre Kreditkarte ersetzen oder eine Lastschrift einrichten. Die Änderung gilt ab der nächsten Rechnung.
`,
  'abo/kuendigen.md': `# Abonnement kündigen

Sie können Ihr Abonnement jederzeit zum Ende des Abrechnungszeitraums kündigen. Öffnen Sie dazu die Kontoeinstellungen und wählen Sie „Abo beenden“. Bereits bezahlte Monate werden nicht erstattet.
`,
  'versand/lieferzeiten.md': `# Lieferzeiten

Bestellungen, die bis 14 Uhr eingehen, verschicken wir am selben Tag. Die Lieferung innerhalb Deutschlands dauert zwei bis drei Werktage, nach Österreich und in die Schweiz vier bis sechs.
`,
};

/** The same kind of pages in Japanese, written without spaces between words. */
const JAPANESE_PAGES: Record<string, string> = {
  'account/password.md': `# パスワードの再設定

パスワードを忘れた場合は、ログイン画面で「パスワードを忘れた方」をクリックしてください。再設定用のリンクをメールでお送りします。リンクの有効期限は24時間です。
`,
  'account/payment.md': `# お支払い方法の変更

設定画面の「請求」からクレジットカードを変更できます。変更は次回の請求から適用されます。
`,
  'plan/cancel.md': `# 解約について

プランはいつでも解約できます。アカウント設定を開き、「プランを解約する」を選択してください。支払い済みの月の返金はありません。
`,
  'shipping/delivery.md': `# 配送について

午後2時までのご注文は当日に発送します。国内のお届けには2〜3営業日かかります。
`,
};

/** A product's documentation in French (elisions, accents, hyphenated words, French numbers). */
const FRENCH_PAGES: Record<string, string> = {
  'guides/installation.md': `# Installation de Carnetier

## Configuration requise

Carnetier demande 3,5 Go d'espace disque libre et 4 Go de mémoire.

## Sous Windows

Lancez l'installateur \`carnetier-setup.exe\` et suivez l'assistant. L'installation pour tous les utilisateurs demande les droits d'administrateur.

## Sous macOS

Ouvrez l'image disque et glissez Carnetier dans le dossier Applications.
`,
  'guides/synchronisation.md': `# Synchronisation entre appareils

Les notes se synchronisent toutes les 30 secondes quand l'appareil est en ligne. Un compte gratuit synchronise jusqu'à 1 000 notes.
`,
  'guides/etiquettes.md': `# Étiquettes et mots-clés

Une étiquette se crée en tapant \`#\` suivi d'un mot-clé dans une note.

## Renommer une étiquette

Faites un clic droit sur l'étiquette et choisissez Renommer : toutes ses notes suivent.

## Supprimer une étiquette

Faites un clic droit sur l'étiquette et choisissez Supprimer : les notes qui la portaient la perdent.
`,
  'guides/carnets.md': `# Supprimer un carnet

Pour supprimer un carnet, ouvrez son menu et choisissez Supprimer. Les notes d'un carnet supprimé vont dans la corbeille.
`,
  'guides/faq.md': `# Questions fréquentes

## Qu'est-ce qu'un carnet ?

Un carnet est un dossier de notes. Chaque note appartient à un seul carnet.

## Qui a conçu Carnetier ?

Carnetier a été conçu par M. Dupont et Mme Leroy en 2021. Le projet compte aujourd'hui une vingtaine de personnes.
`,
};

/** The link of the first page a search finds, if any. */
async function firstLink(service: TestService, query: string): Promise<string | undefined> {
  const { body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 3 });
  return body[0]?.link;
}

describe('the language of a site', () => {
  it('is told from the text: its function words, or its script for Chinese and Japanese', async () => {
    assert.equal(
      await detectLanguage(['How do I reset my password? Open the settings and choose a new one.']),
      'en',
    );
    assert.equal(await detectLanguage(Object.values(GERMAN_PAGES)), 'de');
    assert.equal(
      await detectLanguage([
        'Pour annuler votre abonnement, ouvrez les paramètres du compte et choisissez « Résilier ».',
      ]),
      'fr',
    );
    assert.equal(
      await detectLanguage([
        'Para cancelar tu suscripción, abre la configuración de la cuenta y elige «Cancelar».',
      ]),
      'es',
    );
    assert.equal(await detectLanguage(Object.values(JAPANESE_PAGES)), 'ja');
    assert.equal(await detectLanguage(['如何重置我的密码？请在设置页面中更改信用卡。']), 'zh');
    // Code and numbers alone say nothing: English.
    assert.equal(await detectLanguage(['const x = 1; // 42', '']), 'en');
  });

  it('is Chinese for a Chinese site with English in it, counting words, not letters', async () => {
    // Debian's zh_CN manual pages: titles and headings in Chinese, some bodies left in English.
    // A Han character says as much as a word of five letters: by letters, 26% of this is Chinese.
    const pages = [
      'passwd(1) – 更改用户密码\n描述\npasswd 命令用于更改用户帐户的密码。普通用户只能更改自己帐户的密码，超级用户可以更改任何帐户的密码。如果有旧密码，首先提示用户输入旧密码。',
      'useradd(8) – 创建一个新用户或更新默认新用户信息\n描述\nuseradd is a low level utility for adding users. When invoked without the -D option, the useradd command creates a new user account using the values specified on the command line plus the default values from the system.\n选项\nThe options which apply to the useradd command are:',
      'groupdel(8) – 删除一个组\n描述\nThe groupdel command modifies the system account files, deleting all entries that refer to group. The named group must exist.\n注意\n您不能移除现有用户的主组。在移除此组之前，必须先移除此用户。',
    ];
    assert.equal(await detectLanguage(pages), 'zh');
    const index = createOramaIndex();
    await index.load(pages.map((text, at) => pageWithText(`/man/${at}`, text.split('\n')[0]!, text)));
    assert.equal(index.language?.code, 'zh');
    // An English page with a few Chinese and Japanese examples stays English.
    assert.equal(
      await detectLanguage([
        'Every string a visitor sees comes from the strings property. For a site in Chinese, set placeholder to 搜索文档 and noResults to 没有找到“{query}”的结果. In Japanese: ドキュメントを検索. Strings are inserted as text, never as HTML, so a translation cannot inject markup.',
      ]),
      'en',
    );
  });

  it('is told from the prose of pages of code, not from their code', async () => {
    // An English API reference: a sentence and a code block a page. The code's one-letter names
    // (`c`, `e`) are every letter of Spanish's stop words.
    const reference = Array.from({ length: 20 }, (_, at) => {
      const code = `app.get('/${at}', (c) => {\n  const e = c.req.header('x-${at}');\n  return c.text(e ?? 'none');\n});`;
      const text = `Returns the value of header number ${at} of the request.\n\n${code}`;
      return {
        ...pageWithText(`/api/h${at}`, `c.header${at}()`, text),
        sections: [{ heading: `c.header${at}()`, anchor: '', level: 1, text, code: [code] }],
      };
    });
    const index = createOramaIndex();
    await index.load(reference);
    assert.equal(index.language?.code, 'en');
  });

  it('reads a language tag as written on pages and in configs', () => {
    assert.equal(languageCode('de-CH'), 'de');
    assert.equal(languageCode('pt_BR'), 'pt');
    assert.equal(languageCode('NB'), 'no');
    assert.equal(languageCode('zh-Hans'), 'zh');
    assert.equal(languageCode('xx'), undefined);
  });

  it('finds the words of Japanese and Chinese text, and keeps a Han character as a word', () => {
    assert.deepEqual(segmentedWords('パスワードを忘れた場合は'), [
      'パスワード',
      'を',
      '忘れ',
      'た',
      '場合',
      'は',
    ]);
    const analyser = new TextAnalyser();
    // Particles of one kana are no terms; a word of one Han character is.
    assert.deepEqual(analyser.terms('パスワードを忘れた'), ['パスワード', '忘れ']);
    assert.ok(analyser.terms('背景色を変える').includes('背景'));
    assert.deepEqual(analyser.terms('ドア'), ['ドア'], 'voicing marks are kept');
  });

  it('reads Japanese as its writers vary it, and leaves out what hiragana alone writes', async () => {
    const japanese = new TextAnalyser(await loadLanguage('ja'));
    // ユーザー and ユーザ are one word; so are half- and full-width kana.
    assert.deepEqual(japanese.terms('ユーザーアカウントを削除する方法'), ['ユーザ', 'アカウント', '削除']);
    assert.deepEqual(japanese.terms('ユーザのアカウント'), ['ユーザ', 'アカウント']);
    assert.deepEqual(japanese.terms('ｻｰﾊﾞｰ'), ['サーバ']);
    // Endings and phrasing in hiragana (した, ですが, どう) say nothing of the subject.
    assert.deepEqual(japanese.terms('インストールしたいのですが、どうしたらいいですか'), ['インストール']);
    // A title in hiragana alone is a word still (はじめ, of はじめに).
    assert.deepEqual(japanese.terms('はじめに'), ['はじめ']);
  });

  it('reads a word typed without its accents, or with them written apart, as the word', async () => {
    const spanish = new TextAnalyser(await loadLanguage('es'));
    assert.deepEqual(spanish.terms('configuracion'), spanish.terms('configuración'));
    assert.deepEqual(
      spanish.terms('¿Como activo la verificacion?'),
      spanish.terms('¿Cómo activo la verificación?'),
    );
    const german = new TextAnalyser(await loadLanguage('de'));
    assert.deepEqual(german.terms('zuru\u0308cksetzen'), german.terms('zurücksetzen'));
  });

  it("keeps a Spanish page's nouns, and stems the English words of a site in another script", async () => {
    // Orama's Spanish list holds `estado`, `cuenta`, `modo`: a help centre is found by them.
    const spanish = new TextAnalyser(await loadLanguage('es'));
    for (const word of ['estado', 'cuenta', 'modo', 'tiempo', 'usar'])
      assert.equal(spanish.terms(word).length, 1, word);
    assert.deepEqual(spanish.terms('¿Cómo está el pedido?'), spanish.terms('pedido'));
    const english = new TextAnalyser();
    for (const code of ['ja', 'ru'])
      assert.deepEqual(
        new TextAnalyser(await loadLanguage(code)).terms('installing cookies middleware'),
        english.terms('installing cookies middleware'),
        code,
      );
  });

  it('keeps the vowels of Thai and Devanagari words, and the phrasing of Chinese questions out', async () => {
    const analyser = new TextAnalyser();
    assert.deepEqual(analyser.terms('เปลี่ยนรหัสผ่าน'), ['เปลี่ยน', 'รหัส', 'ผ่าน']);
    assert.deepEqual(analyser.terms('कूटशब्द बदलें'), ['कूटशब्द', 'बदलें']);
    const chinese = new TextAnalyser(await loadLanguage('zh'));
    assert.deepEqual(chinese.terms('忘记密码怎么办？'), ['忘记', '密码']);
    assert.deepEqual(chinese.terms('怎麼取消訂閱？'), ['取消', '訂閱']);
  });
});

describe('a site in German, over HTTP', () => {
  const site = servedSite('ask-elements-de-', GERMAN_PAGES);

  it('is read in German', () => {
    assert.equal(site().index.language?.code, 'de');
  });

  it('answers a question in German, its function words left out and its words stemmed', async () => {
    const { status, body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'Wie kann ich mein Passwort zurücksetzen?',
      format: 'markdown',
    });
    assert.equal(status, 200);
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/konto/passwort');
    assert.match(body.answer, /Passwort vergessen/);
  });

  it('finds a page by another form of its words, and by words typed without their umlauts', async () => {
    for (const query of ['Passwörter', 'kündigung abonnement', 'zahlungsmethode andern']) {
      assert.equal(
        await firstLink(site(), query),
        { Passwörter: '/konto/passwort', 'kündigung abonnement': '/abo/kuendigen' }[query] ??
          '/konto/zahlung',
        query,
      );
    }
  });

  it('answers a question whose verb the pages write otherwise, judged by its nouns', async () => {
    // `richte … ein` is no word of the pages (they write `einrichten`): in lower case, a German
    // verb counts less than the nouns `Lastschrift` and `Rechnung`, which the page holds.
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'Wie richte ich eine Lastschrift für die Rechnung ein?',
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/konto/zahlung');
  });

  it('finds a page by a word typed halfway, umlaut included', async () => {
    for (const query of ['zurü', 'Passwö', 'kündi']) {
      assert.equal(
        await firstLink(site(), query),
        query === 'kündi' ? '/abo/kuendigen' : '/konto/passwort',
        query,
      );
    }
  });

  it("declines a question the pages don't answer, politely and in German", async () => {
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'Wie backe ich einen Apfelkuchen mit Zimt?',
      format: 'markdown',
    });
    assert.equal(body.didAnswer, false);
    assert.match(body.answer, /^Leider habe ich in der Dokumentation keine Antwort darauf gefunden\./);
  });
});

describe('a site in Japanese, over HTTP', () => {
  const site = servedSite('ask-elements-ja-', JAPANESE_PAGES);

  it('finds a page by a word written inside a sentence, as typed into the search box', async () => {
    for (const [query, link] of [
      ['パスワード', '/account/password'],
      ['クレジットカード', '/account/payment'],
      ['解約', '/plan/cancel'],
      ['発送', '/shipping/delivery'],
    ]) {
      assert.equal(await firstLink(site(), query), link, query);
    }
  });

  it('answers a question holding a word the site never uses, written in one run with words it does', async () => {
    // スマホ (a phone) is no word of the site; the words around it, unspaced, are.
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'スマホのログイン画面でパスワードを忘れたときはどうすればいいですか？',
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/account/password');
  });

  it('finds a page by a word typed halfway, which segmentation would cut', async () => {
    for (const [query, link] of [
      ['パスワ', '/account/password'],
      ['クレジ', '/account/payment'],
    ]) {
      assert.equal(await firstLink(site(), query), link, query);
    }
  });

  it('answers a question in Japanese with the sentence that holds it', async () => {
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'クレジットカードを変更するには？',
      format: 'markdown',
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/account/payment');
    assert.match(body.answer, /設定画面の「請求」からクレジットカードを変更できます/);
  });
});

describe('a site in French, over HTTP', () => {
  const site = servedSite('ask-elements-fr-', FRENCH_PAGES);

  it('is read in French', () => {
    assert.equal(site().index.language?.code, 'fr');
  });

  it('answers a question asking how much, its question word no subject the pages lack', async () => {
    // `combien` (how much) phrases the question as "how much" does in English: no page writes it.
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: "Combien d'espace disque faut-il ?",
      format: 'markdown',
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/guides/installation');
    assert.match(body.answer, /3,5 Go d'espace disque/);
  });

  it('answers a follow-up that opens as a continuation, "et …", of the question before', async () => {
    const first = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'Comment renommer une étiquette ?',
      format: 'markdown',
    });
    assert.equal(first.body.link, '/guides/etiquettes');
    // Alone, "et la supprimer ?" is the notebooks' page's (titled "Supprimer un carnet").
    const { body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'et la supprimer ?',
      format: 'markdown',
      conversationId: first.body.conversationId,
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/guides/etiquettes');
    assert.match(body.answer, /choisissez Supprimer : les notes qui la portaient la perdent/);
    const alone = await site().postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'et la supprimer ?' });
    assert.equal(alone.body.link, '/guides/carnets');
  });
});

describe('ask-elements serve --language', () => {
  /** What `serve` over `dir` with `--language language` printed by the time it listened. */
  async function startedWith(dir: string, language: string): Promise<string> {
    const run = runCli([
      'serve',
      '--content',
      dir,
      '--db',
      ':memory:',
      '--port',
      '0',
      '--language',
      language,
    ]);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(run.output())), 30_000);
      run.child.stdout!.on('data', () => {
        if (!/Listening on/.test(run.output())) return;
        clearTimeout(timer);
        resolve();
      });
    });
    run.child.kill('SIGTERM');
    await run.exited;
    return run.output();
  }

  it('says which language it read the text in, and refuses one it cannot read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-elements-lang-'));
    try {
      writeSite(dir, GERMAN_PAGES);
      const refused = runCli(['serve', '--content', dir, '--language', 'klingon']);
      const { code } = await refused.exited;
      assert.equal(code, 2);
      assert.match(refused.output(), /--language must be auto or one of .*de.*, got "klingon"/);
      assert.match(await startedWith(dir, 'de-AT'), /Text read as German \(as configured\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // `--language EN` was read as English, and `AUTO` refused as no language.
  it('reads auto in any case, as it reads the codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-elements-lang-'));
    try {
      writeSite(dir, GERMAN_PAGES);
      assert.match(await startedWith(dir, 'AUTO'), /Text read as German \(told from the first pages/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a watched site whose language changes', () => {
  it('says so when the first pages are now in another language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-elements-relang-'));
    const warnings: string[] = [];
    writeSite(dir, GERMAN_PAGES);
    const service = await startTestService({
      contentDir: dir,
      watch: true,
      logger: { info: () => {}, warn: (message) => warnings.push(message), error: () => {} },
    });
    try {
      assert.equal(service.index.language?.code, 'de');
      const reindexed = service.reindexed!();
      for (const path of Object.keys(GERMAN_PAGES)) rmSync(join(dir, path));
      writeSite(dir, {
        'guide.md':
          '# Getting started\n\nInstall the package, then open the settings and choose a plan for your team.\n',
      });
      await reindexed;
      assert.equal(service.index.language?.code, 'en');
      assert.ok(
        warnings.some((message) => /Text now read as English, not German/.test(message)),
        warnings.join('\n'),
      );
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
