#!/usr/bin/env node
// man-corpus.mjs — render the translated manual pages of one language to Markdown.
//
// Usage: node man-corpus.mjs <lang> <outdir> [--aliases] [--mandir DIR] [--jobs N] [--no-batch]
//
//   <lang>      language folder under the man dir (de, fr, ja, es, ...)
//   <outdir>    output directory; pages go to <outdir>/<section>/<name>.<sec>.md
//               e.g. man5/apt_preferences.5.md
//   --aliases   also write pages that are only aliases (symlinks or `.so` stubs)
//               of another page of the same language (default: skip them, they
//               would be byte-identical duplicates; they are listed in the report)
//   --mandir    root of the man tree (default /usr/share/man)
//   --jobs      parallel groff processes (default: 2 x CPUs)
//   --no-batch  one groff run per page (slower; for checking the batched output)
//
// Rendering: gunzip and decode in Node (doing preconv's job), then
// `groff -t -Tutf8 -man -rLL=<huge> -rHY=0 -rcR=1 -P-cbou` (tbl, no hyphenation, no
// bold/underline/SGR), several pages per groff run, split again at marker lines.
// The line length is made very large so that groff never wraps filled text: every
// output line is then either a whole paragraph or a hard break (.br, .nf blocks, list
// tags, table rows), which lets the converter rebuild paragraphs exactly, for Latin and
// CJK text alike (no re-joining of wrapped lines, no hyphenation artefacts).
//
// Markdown: front matter with `title: "<name>(<sec>) – <NAME description>"`, then
// section headings (column 0) as `## `, sub-section headings (.SS, column 3) as `### `,
// everything else as plain paragraphs with indentation removed; list tags such as
// `-f, --force` become paragraphs of their own.
//
// No npm packages; Node >= 18.
/* eslint-disable no-control-regex -- groff's output is what holds the control characters stripped here */

import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';

const LINE_LENGTH = '20000n';

function parseArgs(argv) {
  const opts = { aliases: false, mandir: '/usr/share/man', jobs: Math.max(2, os.cpus().length * 2) };
  const pos = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--aliases') opts.aliases = true;
    else if (a === '--mandir') opts.mandir = argv[++i];
    else if (a === '--jobs') opts.jobs = Number(argv[++i]) || opts.jobs;
    else if (a === '--no-batch') opts.noBatch = true;
    else if (a === '-h' || a === '--help') {
      opts.help = true;
    } else pos.push(a);
  }
  [opts.lang, opts.out] = pos;
  return opts;
}

// ---------------------------------------------------------------- discovery

function readSource(file) {
  let buf = fs.readFileSync(file);
  if (file.endsWith('.gz')) buf = zlib.gunzipSync(buf);
  else if (file.endsWith('.xz') || file.endsWith('.bz2') || file.endsWith('.zst')) {
    throw new Error('unsupported compression: ' + path.basename(file));
  }
  return buf;
}

function pageNameOf(fileBase, secDir) {
  // apt_preferences.5.gz in man5 -> { name: apt_preferences, ext: 5 }
  const sec = secDir.replace(/^man/, '');
  const base = fileBase.replace(/\.(gz|bz2|xz|zst|Z)$/, '');
  const m = base.match(/^(.*)\.([0-9n][a-zA-Z0-9_+-]*)$/);
  if (m && m[2].startsWith(sec[0])) return { name: m[1], ext: m[2], sec };
  return { name: base, ext: sec, sec };
}

function discover(langDir) {
  const pages = [];
  for (const secDir of fs.readdirSync(langDir).sort()) {
    if (!/^man[0-9n]/.test(secDir)) continue;
    const dir = path.join(langDir, secDir);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, f);
      const { name, ext, sec } = pageNameOf(f, secDir);
      pages.push({ file: full, secDir, name, ext, sec, id: `/${secDir}/${name}.${ext}` });
    }
  }
  return pages;
}

// Resolve aliases: symlinks (possibly via /etc/alternatives) to another page of the
// same language, and one-line `.so manX/foo.X` stubs.
function resolveAliases(pages, langDir) {
  const byReal = new Map();
  const broken = [];
  for (const p of pages) {
    try {
      p.real = fs.realpathSync(p.file);
    } catch {
      p.real = null;
      broken.push(p);
      continue;
    }
    const st = fs.lstatSync(p.file);
    if (!st.isSymbolicLink()) byReal.set(p.real, p);
  }
  for (const p of pages) {
    if (!p.real) continue;
    const st = fs.lstatSync(p.file);
    if (st.isSymbolicLink()) {
      const target = byReal.get(p.real);
      if (target && target !== p) {
        p.aliasOf = target;
        continue;
      }
      // target outside the page set (or symlink to a file we don't list): render it
      byReal.set(p.real, p);
    }
  }
  for (const p of pages) {
    if (!p.real || p.aliasOf) continue;
    let src;
    try {
      src = readSource(p.file).toString('latin1');
    } catch {
      continue;
    }
    const lines = src.split('\n').filter((l) => l.trim() && !/^\.\\"|^'\\"|^\.$/.test(l));
    if (lines.length === 1 && /^\.so\s+/.test(lines[0])) {
      const rel = lines[0].replace(/^\.so\s+/, '').trim();
      const cand = [rel, rel + '.gz'].map((r) => path.join(langDir, r));
      const hit = cand.find((c) => fs.existsSync(c));
      const target = hit && byReal.get(fs.realpathSync(hit));
      if (target && target !== p) p.aliasOf = target;
      else p.soTarget = rel;
    }
  }
  // follow alias chains to a canonical page
  for (const p of pages) {
    while (p.aliasOf && p.aliasOf.aliasOf) p.aliasOf = p.aliasOf.aliasOf;
  }
  return broken;
}

// ---------------------------------------------------------------- rendering

// Decode one page: UTF-8 if valid, else an Emacs coding tag, else Latin-1; then do
// preconv's job (non-ASCII -> \[uXXXX]) so that many pages can share one groff run.
const utf8 = new TextDecoder('utf-8', { fatal: true });
function decodeSource(buf) {
  let text;
  try {
    text = utf8.decode(buf);
  } catch {
    const head = buf.subarray(0, 500).toString('latin1');
    const m = head.match(/-\*-.*?coding:\s*([\w-]+)/i);
    try {
      text = new TextDecoder(m ? m[1] : 'latin1').decode(buf);
    } catch {
      text = buf.toString('latin1');
    }
  }
  return text.replace(/^\uFEFF/, '');
}
function toGroffInput(text) {
  return text.replace(
    /[^\x00-\x7f]/gu,
    (ch) => `\\[u${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
function preprocessors(text) {
  const m = text.match(/^'\\" *([a-z]+)/);
  return m ? m[1] : '';
}

// For man(7) input: right after every .TH, make the tag separation of .TP/.IP lists
// larger than any indent, so that a list tag ("-f, --force", "shared") is always set on
// a line of its own instead of sharing its line with the start of the description.
// (an-old.tmac resets an-tag-sep in .TH, and andoc.tmac may reload it per page.)
const afterTH = (text) => text.replace(/^([.']\s*TH\b.*)$/gm, '$1\n.nr an-tag-sep 100000n');

function runGroff(input, cwd, preproc, mdoc = false) {
  return new Promise((resolve) => {
    const args = [
      '-t',
      '-Tutf8',
      mdoc ? '-mdoc' : '-man',
      `-rLL=${LINE_LENGTH}`,
      '-rHY=0',
      '-rcR=1',
      '-P-cbou',
    ];
    if (preproc.includes('e')) args.unshift('-e');
    if (preproc.includes('p')) args.unshift('-p');
    if (preproc.includes('r')) args.unshift('-R');
    const child = spawn('groff', args, { cwd, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => resolve({ code: -1, stdout: '', stderr: String(e) }));
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

const MARK = 'MANCORPUSPAGEBREAK';
// Render several pages in one groff run (groff start-up and the preconv/tbl/troff/grotty
// pipeline dominate the cost of small pages). Each page is followed by a marker line;
// if anything looks off, the pages of that batch are rendered one by one.
async function renderTogether(items, cwd) {
  let input = '';
  let pre = '';
  items.forEach((it, k) => {
    pre += preprocessors(it.text);
    input += it.groffText.replace(/\n?$/, '\n') + `.br\n.fi\n.ft R\n.in 0\n.ti 0\n\\&${MARK}${k}\n.br\n`;
  });
  const r = await runGroff(input, cwd, pre, items[0].mdoc);
  if (r.code !== 0) return { ok: false, r };
  const chunks = [];
  let cur = [];
  for (const line of r.stdout.split('\n')) {
    const t = line.trim();
    if (t.startsWith(MARK)) {
      if (t !== MARK + chunks.length) return { ok: false, r };
      chunks.push(cur.join('\n'));
      cur = [];
    } else cur.push(line);
  }
  // whatever follows the last marker is the page footer: dropped
  if (chunks.length !== items.length) return { ok: false, r };
  return { ok: true, chunks, stderr: r.stderr };
}

async function renderBatch(items, cwd) {
  if (items.length > 1 && !items.some((it) => it.mdoc)) {
    const t = await renderTogether(items, cwd);
    if (t.ok) return { results: t.chunks.map((c) => ({ code: 0, stdout: c })), stderr: t.stderr };
  }
  const results = [];
  let stderr = '';
  for (const it of items) {
    const t = await renderTogether([it], cwd);
    stderr += t.ok ? t.stderr : t.r.stderr;
    if (t.ok) results.push({ code: 0, stdout: t.chunks[0] });
    else if (t.r.code === 0 && t.r.stdout.trim()) results.push({ code: 0, stdout: t.r.stdout });
    else
      results.push({
        code: t.r.code || 1,
        stdout: t.r.code === 0 ? '' : t.r.stdout,
        stderr: t.r.stderr || 'page-break marker lost',
      });
  }
  return { results, stderr };
}

// Strip whatever formatting survived (-P-cbou should leave none).
function clean(text) {
  return text
    .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '') // ANSI SGR
    .replace(/.\x08/gu, '') // overstrike: X\bX, _\bX
    .replace(/\x08/g, '')
    .replace(/[\u00ad]/g, '') // soft hyphens
    .replace(/\r/g, '');
}

// ---------------------------------------------------------------- text -> markdown

const NAME_HEADINGS = new Set([
  'NAME',
  'NOM',
  'BEZEICHNUNG',
  'NOMBRE',
  'NOME',
  'ИМЯ',
  'НАЗВАНИЕ',
  'NAAM',
  'NAZWA',
  'JMÉNO',
  'NÉV',
  'NAVN',
  'NAMN',
  'NIMI',
  '名前',
  '名称',
  '名稱',
  '名字',
  '이름',
]);
const SYNOPSIS_HEADINGS = new Set([
  'SYNOPSIS',
  'ÜBERSICHT',
  'SYNTAX',
  'SINOPSIS',
  'SINOSSI',
  'ОБЗОР',
  'СИНТАКСИС',
  'OVERZICHT',
  'SKŁADNIA',
  'SYNOPSE',
  'POUŽITÍ',
  'ÁTTEKINTÉS',
  '書式',
  '概要',
  '用法',
  '总览',
  '사용법',
]);

const indentOf = (l) => l.match(/^ */)[0].length;
const BULLET = /^(?:[•·◦∙*o+-]|\d+[.)]|[a-z][.)]|\(\d+\)|\([a-z]\))$/;

function toMarkdown(raw) {
  let lines = clean(raw)
    .split('\n')
    .map((l) => l.trimEnd());
  // drop the page header (first non-blank line) and footer (last non-blank line)
  const firstIdx = lines.findIndex((l) => l !== '');
  if (firstIdx >= 0 && /\S\(\S+\)/.test(lines[firstIdx]) && indentOf(lines[firstIdx]) === 0) {
    const nextHeading = lines.findIndex((l, i) => i > firstIdx && /^\S/.test(l));
    if (nextHeading > firstIdx) lines = lines.slice(firstIdx + 1);
  }
  let lastIdx = lines.length - 1;
  while (lastIdx >= 0 && lines[lastIdx] === '') lastIdx--;
  if (lastIdx >= 0 && indentOf(lines[lastIdx]) === 0 && /\S\(\S+\)$/.test(lines[lastIdx])) {
    lines = lines.slice(0, lastIdx);
  }

  const sections = []; // { heading, blocks: [ [line,...] ] }  (blocks split on blank lines)
  let cur = { heading: null, blocks: [] };
  let block = [];
  const flush = () => {
    if (block.length) cur.blocks.push(block);
    block = [];
  };
  for (const l of lines) {
    if (l === '') {
      flush();
      continue;
    }
    if (indentOf(l) === 0) {
      flush();
      if (cur.heading !== null || cur.blocks.length) sections.push(cur);
      cur = { heading: l.trim(), blocks: [] };
      continue;
    }
    block.push(l);
  }
  flush();
  if (cur.heading !== null || cur.blocks.length) sections.push(cur);

  const md = [];
  let nameText = null;
  for (const s of sections) {
    const paras = [];
    const isSynopsis = s.heading && SYNOPSIS_HEADINGS.has(s.heading.toUpperCase());
    for (const b of s.blocks) {
      if (isSynopsis) {
        paras.push(b.map((l) => l.trim()).join('\n'));
        continue;
      }
      paras.push(...blockToParagraphs(b));
    }
    if (s.heading) {
      if (nameText === null && (NAME_HEADINGS.has(s.heading.toUpperCase()) || sections.indexOf(s) === 0)) {
        // first line only: a second line is another NAME entry (e.g. "sg - ..." under newgrp)
        nameText =
          paras
            .join('\n')
            .split('\n')
            .find((l) => l.trim()) || '';
      }
      md.push('## ' + s.heading, '');
    }
    for (const p of paras) md.push(p, '');
  }
  return {
    body:
      md
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim() + '\n',
    nameText: nameText || '',
  };
}

// Split one blank-line-delimited block into paragraphs.
//  - a .SS sub-heading (indent 3, in a block of its own or followed by deeper text) -> ### heading
//  - a change of indentation starts a new paragraph (list tag line vs. its body)
//  - consecutive lines at the same indentation are hard breaks (.nf/.br): kept as lines
//  - table rows (tbl output, aligned columns) are kept one per line, cells joined by " | "
//  - bullets ("•", "1.") are kept with the text of their item
const GAP = /(?<=\S) {2,}(?=\S)/g;
const CELL_MAX = 30;
// Split a line into table cells if it looks like a table row: at least two short
// leading cells followed by at most one free-text cell. Prose that merely contains
// double spaces (after a full stop, say) does not qualify.
function tableCells(text, minCells) {
  const cells = text.split(GAP);
  if (cells.length < minCells) return null;
  let k = 0;
  while (k < cells.length && cells[k].length <= CELL_MAX) k++;
  // a short cell that reads like a sentence means this is prose with double spaces
  const sentence = (c) => / /.test(c) && /[.!?]$/.test(c);
  if (k === cells.length) return cells.slice(0, -1).some(sentence) ? null : cells;
  // otherwise: short cells, then one free-text cell (which may contain double spaces)
  if (k >= minCells - 1 && k >= 2 && !cells.slice(0, k).some(sentence)) {
    return [...cells.slice(0, k), cells.slice(k).join(' ')];
  }
  return null;
}
const prose = (text) => text.replace(/ {2,}/g, ' ');

function blockToParagraphs(block) {
  const out = [];
  // a block whose lines all split into columns is a table (tbl, or a .PD 0 list):
  // keep it as one paragraph, one row per line, cells separated by " | "
  if (block.length >= 2) {
    const rows = block.map((l) => tableCells(l.trim(), 2));
    if (rows.every((r) => r)) {
      out.push(rows.map((r) => r.join(' | ')).join('\n'));
      return out;
    }
  }
  let cur = null;
  let curIndent = -1;
  let curTable = false;
  const push = () => {
    if (cur) out.push(cur.join('\n'));
    cur = null;
    curIndent = -1;
    curTable = false;
  };
  for (let i = 0; i < block.length; i++) {
    const l = block[i];
    const ind = indentOf(l);
    const text = l.slice(ind);
    if (ind === 3 && (i + 1 >= block.length || indentOf(block[i + 1]) > 3) && text.length < 120) {
      push();
      out.push('### ' + prose(text).replace(/^#/, '\\#'));
      continue;
    }
    // a bullet (or "1.") on a line of its own: glue it to the item text that follows
    if (BULLET.test(text) && i + 1 < block.length && indentOf(block[i + 1]) > ind) {
      push();
      cur = [text + ' ' + prose(block[i + 1].trim())];
      curIndent = indentOf(block[i + 1]);
      i++;
      continue;
    }
    // a line with three or more columns: table row
    const cells = tableCells(text, 3);
    if (cells) {
      if (!(cur && curTable)) {
        push();
        cur = [];
        curTable = true;
        curIndent = ind;
      }
      cur.push(cells.join(' | '));
      continue;
    }
    // a bullet followed by its text on the same line
    const m = text.match(/^(\S+) {2,}(\S.*)$/);
    if (m && BULLET.test(m[1])) {
      push();
      cur = [m[1] + ' ' + prose(m[2])];
      curIndent = ind + text.length - m[2].length;
      continue;
    }
    if (cur && !curTable && ind === curIndent) {
      cur.push(prose(text));
      continue;
    }
    push();
    cur = [prose(text)];
    curIndent = ind;
  }
  push();
  // keep Markdown from reading example lines as headings, rules or setext underlines
  return out.map((p) =>
    p.startsWith('### ')
      ? p
      : p
          .split('\n')
          .map((l) => l.replace(/^(#|={3,}\s*$|-{3,}\s*$|\+{3,}\s*$)/, '\\$1'))
          .join('\n'),
  );
}

function describe(nameText) {
  const t = nameText.replace(/\s+/g, ' ').trim();
  const m = t.match(/^(.*?)\s+(?:\\-|-{1,2}|–|—|ー|－)\s+(.*)$/);
  if (m) return m[2].trim();
  const m2 = t.match(/^\S+\s*[-–—]\s*(.*)$/);
  return (m2 ? m2[1] : t).trim();
}

// ---------------------------------------------------------------- main

async function pool(items, n, fn) {
  let i = 0;
  const workers = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (i < items.length) {
      const k = i++;
      await fn(items[k], k);
    }
  });
  await Promise.all(workers);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help || !opts.lang || !opts.out) {
    console.error(
      'usage: node man-corpus.mjs <lang> <outdir> [--aliases] [--mandir DIR] [--jobs N] [--no-batch]',
    );
    process.exit(opts.help ? 0 : 2);
  }
  const t0 = Date.now();
  const langDir = path.join(opts.mandir, opts.lang);
  if (!fs.existsSync(langDir)) {
    console.error(`no such directory: ${langDir}`);
    process.exit(2);
  }
  const pages = discover(langDir);
  const broken = resolveAliases(pages, langDir);
  const failed = broken.map((p) => ({ id: p.id, file: p.file, reason: 'broken symlink' }));
  const aliases = pages.filter((p) => p.aliasOf);
  const todo = pages.filter((p) => p.real && (opts.aliases || !p.aliasOf));
  let written = 0;
  const warnings = [];

  fs.mkdirSync(opts.out, { recursive: true });
  const items = [];
  for (const p of todo) {
    const srcPage = p.aliasOf || p;
    try {
      const text = decodeSource(readSource(srcPage.file));
      const mdoc = /^\.Dd\b/m.test(text) && !/^\.TH\b/m.test(text);
      items.push({ page: p, text, mdoc, groffText: toGroffInput(mdoc ? text : afterTH(text)) });
    } catch (e) {
      failed.push({ id: p.id, file: p.file, reason: 'unreadable: ' + e.message });
    }
  }
  // batches of roughly equal size, a few per worker
  const manItems = items.filter((it) => !it.mdoc);
  const nBatches = opts.noBatch ? manItems.length : Math.min(manItems.length, opts.jobs * 3);
  const batches = Array.from({ length: nBatches }, () => []);
  manItems.forEach((it, k) => batches[k % nBatches].push(it));
  for (const it of items) if (it.mdoc) batches.push([it]); // mdoc(7) pages: one run each

  await pool(batches, opts.jobs, async (batch) => {
    const { results, stderr } = await renderBatch(batch, langDir);
    for (const w of stderr.split('\n')) if (w.trim()) warnings.push(w.trim());
    batch.forEach((it, k) => {
      const p = it.page;
      const r = results[k];
      if (r.code !== 0 || !r.stdout.trim()) {
        failed.push({
          id: p.id,
          file: p.file,
          reason: `groff exit ${r.code}: ${(r.stderr || '').trim().split('\n')[0] || 'no output'}`,
        });
        return;
      }
      const { body, nameText } = toMarkdown(r.stdout);
      if (!/^## /m.test(body) || body.trim().length < 40) {
        failed.push({ id: p.id, file: p.file, reason: 'rendered output has no sections' });
        return;
      }
      const desc = describe(nameText);
      const title = desc ? `${p.name}(${p.sec}) – ${desc}` : `${p.name}(${p.sec})`;
      const fm = ['---', `title: ${JSON.stringify(title)}`];
      if (p.aliasOf) fm.push(`alias_of: ${JSON.stringify(p.aliasOf.id)}`);
      fm.push('---', '');
      const dest = path.join(opts.out, p.secDir, `${p.name}.${p.ext}.md`);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, fm.join('\n') + '\n' + body);
      written++;
    });
  });

  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    `${opts.lang}: ${pages.length} man files, ${written} pages written to ${opts.out} in ${secs}s` +
      (warnings.length ? ` (${warnings.length} groff warning lines, see below)` : ''),
  );
  for (const w of [...new Set(warnings)].slice(0, 20)) console.log(`  groff: ${w}`);
  if (aliases.length) {
    console.log(
      `${opts.lang}: ${aliases.length} alias pages ${opts.aliases ? 'written as duplicates' : 'skipped (same content as another page; use --aliases to write them)'}:`,
    );
    for (const a of aliases.sort((x, y) => x.id.localeCompare(y.id)))
      console.log(`  ${a.id} -> ${a.aliasOf.id}`);
  }
  if (failed.length) {
    console.log(`${opts.lang}: ${failed.length} pages FAILED to render:`);
    for (const f of failed) console.log(`  ${f.id} (${f.file}): ${f.reason}`);
  } else {
    console.log(`${opts.lang}: no page failed to render`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
