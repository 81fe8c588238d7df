import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ariaKeyShortcuts,
  matchesShortcut,
  parseShortcut,
  shortcutLabel,
} from '../../../src/elements/search-box/keyboard-shortcut.js';

const key = (init: Partial<KeyboardEvent>) =>
  ({ key: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;

describe('keyboard shortcut', () => {
  it('reads mod as Cmd on Apple platforms and Ctrl elsewhere', () => {
    const apple = parseShortcut('mod+k', true)!;
    const other = parseShortcut('mod+k', false)!;
    assert.equal(matchesShortcut(key({ key: 'k', metaKey: true }), apple), true);
    assert.equal(matchesShortcut(key({ key: 'k', ctrlKey: true }), apple), false);
    assert.equal(matchesShortcut(key({ key: 'K', ctrlKey: true }), other), true);
    assert.equal(shortcutLabel(apple, true), '⌘ K');
    assert.equal(shortcutLabel(other, false), 'Ctrl K');
    assert.equal(ariaKeyShortcuts(apple), 'Meta+K');
    assert.equal(ariaKeyShortcuts(other), 'Control+K');
  });

  it('matches "/" however the layout reaches it, but not with Ctrl', () => {
    const slash = parseShortcut('/', false)!;
    assert.equal(matchesShortcut(key({ key: '/' }), slash), true);
    assert.equal(matchesShortcut(key({ key: '/', shiftKey: true }), slash), true);
    assert.equal(matchesShortcut(key({ key: '/', ctrlKey: true }), slash), false);
  });

  it('refuses empty and unknown modifiers, and reads a plus key', () => {
    assert.equal(parseShortcut('', false), undefined);
    assert.equal(parseShortcut('hyper+k', false), undefined);
    assert.equal(parseShortcut('ctrl++', false)?.key, '+');
  });
});
