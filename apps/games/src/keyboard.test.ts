import { describe, expect, it } from 'vitest';
import { keyAction } from './keyboard.ts';

describe('keyboard', () => {
  const body = document.body;

  it('spins with Space and Enter on the page, not on a held key', () => {
    expect(keyAction({ key: ' ', target: body }, false)).toBe('spin');
    expect(keyAction({ key: 'Enter', target: body }, false)).toBe('spin');
    expect(keyAction({ key: ' ', target: body, repeat: true }, false)).toBeNull();
  });

  it('leaves Space and Enter to a focused button or link (they click themselves)', () => {
    const button = document.createElement('button');
    const link = document.createElement('a');
    link.href = '/rng';
    const inner = document.createElement('span');
    button.append(inner);
    expect(keyAction({ key: ' ', target: button }, false)).toBeNull();
    expect(keyAction({ key: 'Enter', target: inner }, false)).toBeNull();
    expect(keyAction({ key: 'Enter', target: link }, false)).toBeNull();
  });

  it('changes the bet with arrows and + / -', () => {
    for (const key of ['ArrowUp', 'ArrowRight', '+', '='])
      expect(keyAction({ key, target: body }, false)).toBe('betUp');
    for (const key of ['ArrowDown', 'ArrowLeft', '-', '_'])
      expect(keyAction({ key, target: body }, false)).toBe('betDown');
  });

  it('ignores modified keys and other keys; with the paytable open only Escape counts', () => {
    expect(keyAction({ key: '+', ctrlKey: true, target: body }, false)).toBeNull();
    expect(keyAction({ key: 'a', target: body }, false)).toBeNull();
    expect(keyAction({ key: 'Escape', target: body }, false)).toBeNull();
    expect(keyAction({ key: 'Escape', target: body }, true)).toBe('close');
    expect(keyAction({ key: ' ', target: body }, true)).toBeNull();
    expect(keyAction({ key: 'ArrowUp', target: body }, true)).toBeNull();
  });
});
