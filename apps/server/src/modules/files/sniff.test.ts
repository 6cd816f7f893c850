import { describe, expect, it } from 'vitest';
import { mimeOf } from './sniff';

describe('the type a file is served with', () => {
  const bytes = Buffer.from('plain text');
  it('comes from the extension when the bytes are no picture', () => {
    expect(mimeOf(bytes, 'notes.txt')).toBe('text/plain; charset=utf-8');
    expect(mimeOf(bytes, 'unknown.zzz')).toBe('application/octet-stream');
  });
  // the fuzz sweep's seed 740225138 uploaded a file named "__proto__": the type was Object.prototype, and the call failed with 500
  it('never reads an object property for a name like __proto__ or constructor', () => {
    for (const name of ['__proto__', 'a.__proto__', 'x.constructor', 'y.toString', 'hasOwnProperty'])
      expect(mimeOf(bytes, name), name).toBe('application/octet-stream');
  });
});
