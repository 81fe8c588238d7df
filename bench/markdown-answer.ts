/** The markdown answer the chat's benchmarks render (bench/ask-chat.ts, bench/main-thread.ts). */
const KB = 1024;

/** About 20 KB of the markdown an answer holds: headings, prose, lists, code, a table, links. */
export function markdownAnswer(): string {
  const section = (n: number) =>
    [
      `## Step ${n}: configure the element`,
      '',
      `Set **base-url** and *api-key* on \`<ask-chat>\`, or pass a [client](/client/create-client#step-${n}) in code. ` +
        'The answer is rendered through marked, then DOMPurify, then the URL allow-list, so links like ' +
        '[this one](https://example.com/docs) open in a new tab and `javascript:` never does.',
      '',
      '- Install the package with npm',
      '- Import `ask-elements/define` once',
      '- Put the element where the visitors are',
      '',
      '```html',
      `<ask-chat api-key="demo-key" include-tags="guides" min-relevance="${n}"></ask-chat>`,
      '```',
      '',
      '| attribute | default | what it does |',
      '|---|---|---|',
      '| format | markdown | the answer format asked of the service |',
      '| persist | false | keeps the conversation in sessionStorage |',
      '',
      '> Answers come from the documentation only; sources are shown under each answer.',
      '',
    ].join('\n');
  let text = '';
  for (let n = 1; text.length < 20 * KB; n++) text += section(n);
  return text.slice(0, 20 * KB);
}
