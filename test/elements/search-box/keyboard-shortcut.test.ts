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

  it('reads a letter by its place on a layout of another alphabet, and by the letter on a Latin one', () => {
    const modK = parseShortcut('mod+k', false)!;
    // Russian (and Ukrainian) layouts: the key at K gives "л".
    assert.equal(matchesShortcut(key({ key: 'л', code: 'KeyK', ctrlKey: true }), modK), true);
    // Greek: "κ"; Hebrew: "ל".
    assert.equal(matchesShortcut(key({ key: 'κ', code: 'KeyK', ctrlKey: true }), modK), true);
    assert.equal(matchesShortcut(key({ key: 'ל', code: 'KeyK', ctrlKey: true }), modK), true);
    assert.equal(matchesShortcut(key({ key: 'л', code: 'KeyK' }), modK), false);
    assert.equal(matchesShortcut(key({ key: 'д', code: 'KeyL', ctrlKey: true }), modK), false);
    // Dvorak: the key at QWERTY's K gives "t", and the one that gives "k" is at V.
    assert.equal(matchesShortcut(key({ key: 't', code: 'KeyK', ctrlKey: true }), modK), false);
    assert.equal(matchesShortcut(key({ key: 'k', code: 'KeyV', ctrlKey: true }), modK), true);
  });

  it('refuses empty and unknown modifiers, and reads a plus key', () => {
    assert.equal(parseShortcut('', false), undefined);
    assert.equal(parseShortcut('hyper+k', false), undefined);
    assert.equal(parseShortcut('ctrl++', false)?.key, '+');
  });
});
