import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAllowedUrl } from '../../../src/elements/shared/safe-url.js';

describe('isAllowedUrl', () => {
  it('allows http, https and relative URLs', () => {
    for (const url of [
      'https://example.com/docs',
      'HTTP://example.com',
      '/docs/search-box',
      'docs/page.html',
      './page',
      '../up',
      '#section',
      '?q=theme',
      '  https://example.com  ',
    ]) {
      assert.equal(isAllowedUrl(url), true, url);
    }
  });

  it('refuses script and data schemes however they are spelt', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java\tscript:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'blob:https://example.com/x',
      '',
      '   ',
    ]) {
      assert.equal(isAllowedUrl(url), false, JSON.stringify(url));
    }
  });

  it('refuses scheme-relative URLs, also written with backslashes', () => {
    for (const url of ['//evil.example/x', '\\\\evil.example', '/\\evil.example', '\\/evil.example']) {
      assert.equal(isAllowedUrl(url), false, url);
    }
  });

  it('allows mailto and raster data images only when asked', () => {
    assert.equal(isAllowedUrl('mailto:help@example.com'), false);
    assert.equal(isAllowedUrl('mailto:help@example.com', { allowMailto: true }), true);
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    assert.equal(isAllowedUrl(png), false);
    assert.equal(isAllowedUrl(png, { allowDataImage: true }), true);
    // Every format a visitor may attach to a question (image-attachments.ts), AVIF among them.
    assert.equal(isAllowedUrl('data:image/avif;base64,AAAAHGZ0eXA=', { allowDataImage: true }), true);
    assert.equal(isAllowedUrl('data:image/svg+xml;base64,PHN2Zz4=', { allowDataImage: true }), false);
    assert.equal(isAllowedUrl('data:text/html;base64,PGI+', { allowDataImage: true }), false);
  });
});
