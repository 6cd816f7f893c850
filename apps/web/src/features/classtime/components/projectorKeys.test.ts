import { describe, expect, it } from 'vitest';
import { keyAction } from './projectorKeys';

describe('keyAction', () => {
  it('turns on with a clicker and the keyboard', () => {
    for (const key of ['ArrowRight', 'ArrowDown', 'PageDown', ' ']) expect(keyAction(key)).toBe('next');
    for (const key of ['ArrowLeft', 'ArrowUp', 'PageUp']) expect(keyAction(key)).toBe('previous');
  });

  it('goes to the first, the last or a typed page', () => {
    expect(keyAction('Home')).toBe('first');
    expect(keyAction('End')).toBe('last');
    expect(keyAction('7')).toEqual({ digit: '7' });
    expect(keyAction('Enter')).toBe('go');
  });

  it('blacks out, goes full screen and leaves it', () => {
    for (const key of ['b', 'B', '.']) expect(keyAction(key)).toBe('black');
    for (const key of ['f', 'F']) expect(keyAction(key)).toBe('fullscreen');
    expect(keyAction('Escape')).toBe('escape');
  });

  it('leaves other keys alone', () => {
    for (const key of ['a', 'Tab', 'Shift', 'F5', '10']) expect(keyAction(key)).toBeNull();
  });
});
