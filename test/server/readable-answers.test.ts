/**
 * Answers as a visitor reads them in the chat: over the real service, in Markdown (what
 * `<ask-chat>` asks for, rendered with marked) and in HTML. Each page is small but written like the
 * documentation the defects were seen on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { marked } from 'marked';
import { DEMO_KEY, servedSite } from './service-harness.js';

interface AnswerRecord {
  answer: string;
  didAnswer: boolean;
}

const askOf =
  (service: ReturnType<typeof servedSite>) =>
  async (query: string, format: 'markdown' | 'html'): Promise<AnswerRecord> => {
    const { status, body } = await service().postJson<AnswerRecord>('/bot/askai', {
      apiKey: DEMO_KEY,
      query,
      format,
    });
    assert.equal(status, 200);
    assert.equal(body.didAnswer, true, `${query} is answered`);
    return body;
  };

/** The list elements of an HTML fragment, each as its items' count. */
const listsIn = (html: string): number[] =>
  [...html.matchAll(/<(ol|ul)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(
    (match) => (match[2] as string).match(/<li>/g)?.length ?? 0,
  );

describe('two lists quoted one after the other', () => {
  // A Docusaurus page whose tabs hold one numbered list each: the tabs' labels are markup, so the
  // section's text has the two lists side by side.
  const service = servedSite('readable-lists-', {
    'connect-email.mdx': `---
title: Connect an email account
description: Bring a Google or Microsoft 365 mailbox into a shared inbox.
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Each shared inbox is linked to one email address. Only Owners and Admins can connect accounts.

## Connect the account

Go to **Settings → Inboxes**, select the inbox and open the **Email account** tab.

<Tabs groupId="provider">
  <TabItem value="google" label="Google" default>

1. Click **Connect Google account**.
2. Sign in as the shared mailbox (for example \`support@example.com\`), not as your personal account.
3. Allow the app to read and send email.
4. Choose how much history to import and click **Finish**.

If your company restricts third-party apps, a Google Workspace admin must allow the app first.

  </TabItem>
  <TabItem value="microsoft" label="Microsoft 365">

1. Click **Connect Microsoft account**.
2. Sign in as the shared mailbox. For a Microsoft 365 shared mailbox without its own licence, sign in with a user who has **Full Access** permission.
3. If you see *"Need admin approval"*, your Microsoft 365 administrator must grant consent once.
4. Choose how much history to import and click **Finish**.

  </TabItem>
</Tabs>

## Disconnecting an account

Click **Disconnect** on the **Email account** tab. Existing conversations stay; new email stops arriving.
`,
  });
  const ask = askOf(service);

  it('stay two lists in Markdown, as they are in HTML, not one list of eight steps', async () => {
    const question = 'how do I sign in as the shared mailbox';
    const html = (await ask(question, 'html')).answer;
    assert.deepEqual(listsIn(html), [4, 4]);
    const markdown = (await ask(question, 'markdown')).answer;
    const rendered = marked.parse(markdown, { async: false });
    assert.deepEqual(listsIn(rendered), [4, 4], rendered);
    // Each list still counts from 1, and an item reads as the page wrote it.
    assert.deepEqual(
      [...rendered.matchAll(/<ol(?: start="(\d+)")?>/g)].map((m) => m[1] ?? '1'),
      ['1', '1'],
    );
    assert.match(rendered, /<li>Click Connect Microsoft account\.<\/li>/);
  });
});
