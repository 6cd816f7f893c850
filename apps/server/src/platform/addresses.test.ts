import { describe, expect, it } from 'vitest';
import { bindAddresses, fileGrant, verifyBoundAddress } from './addresses';

const SECRET = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);
const exp = Math.floor(Date.now() / 1000) + 600;

/** The bound address's query in a serialized answer, read as the download route reads it. */
function boundQuery(json: string) {
  const address = (JSON.parse(json) as { a: string }).a;
  const q = new URL(address, 'http://x').searchParams;
  return {
    id: Number(q.get('id')),
    exp: Number(q.get('exp')),
    dl: Number(q.get('dl')),
    sig: q.get('sig')!,
    u: Number(q.get('u')),
  };
}

describe('binding file addresses to the caller (kept bindings, issue 23)', () => {
  it('binds the same grant to each caller as their own, the second time as the first', async () => {
    const answer = JSON.stringify({ a: fileGrant(SECRET, 41, exp, 1) });
    for (let round = 0; round < 2; round++)
      for (const user of [7, 8]) {
        const q = boundQuery(bindAddresses(answer, SECRET, user));
        expect(q).toMatchObject({ id: 41, exp, dl: 1, u: user });
        expect(verifyBoundAddress(SECRET, q)).toBe(true);
        expect(verifyBoundAddress(SECRET, { ...q, u: user === 7 ? 8 : 7 })).toBe(false);
      }
  });

  it('leaves a forged grant as it is, even once the genuine one is kept, and keeps bindings per secret', async () => {
    const genuine = fileGrant(SECRET, 42, exp, 0);
    bindAddresses(JSON.stringify({ a: genuine }), SECRET, 7);
    const forged = JSON.stringify({ a: genuine.replace(/sig=[0-9a-f]{4}/, 'sig=0000') });
    expect(bindAddresses(forged, SECRET, 7)).toBe(forged);
    // an installation with another secret did not sign it: its own binding of the text finds nothing kept
    const answer = JSON.stringify({ a: genuine });
    expect(bindAddresses(answer, OTHER, 7)).toBe(answer);
    expect(verifyBoundAddress(SECRET, boundQuery(bindAddresses(answer, SECRET, 7)))).toBe(true);
  });
});
