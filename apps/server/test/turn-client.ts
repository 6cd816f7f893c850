import { createHash, createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

/**
 * A TURN Allocate over UDP with long-term credentials (RFC 5766, RFC 5389), enough to ask a coturn
 * whether it takes a TURN REST API credential: the first request is answered 401 with a realm and a
 * nonce, the second carries USERNAME, REALM, NONCE and MESSAGE-INTEGRITY (HMAC-SHA1 under
 * MD5(username:realm:password)). Answers ok with the relayed address, or the error code.
 */
const MAGIC = 0x2112a442;
const ALLOCATE = 0x0003;
const ATTR = {
  username: 0x0006,
  integrity: 0x0008,
  error: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  transport: 0x0019,
  relayed: 0x0016,
};

function attribute(type: number, value: Buffer) {
  const pad = (4 - (value.length % 4)) % 4;
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc(pad)]);
}

function message(attrs: Buffer[], key?: Buffer) {
  const id = randomBytes(12);
  let body = Buffer.concat(attrs);
  const header = (length: number) => {
    const h = Buffer.alloc(20);
    h.writeUInt16BE(ALLOCATE, 0);
    h.writeUInt16BE(length, 2);
    h.writeUInt32BE(MAGIC, 4);
    id.copy(h, 8);
    return h;
  };
  if (key) {
    // the integrity covers the header with a length that counts the integrity attribute itself
    const mac = createHmac('sha1', key)
      .update(Buffer.concat([header(body.length + 24), body]))
      .digest();
    body = Buffer.concat([body, attribute(ATTR.integrity, mac)]);
  }
  return Buffer.concat([header(body.length), body]);
}

function parse(buf: Buffer) {
  const type = buf.readUInt16BE(0);
  const attrs = new Map<number, Buffer>();
  let at = 20;
  while (at + 4 <= buf.length) {
    const t = buf.readUInt16BE(at);
    const len = buf.readUInt16BE(at + 2);
    attrs.set(t, buf.subarray(at + 4, at + 4 + len));
    at += 4 + len + ((4 - (len % 4)) % 4);
  }
  return { type, attrs };
}

export async function turnAllocate(host: string, port: number, username: string, password: string) {
  const socket = dgram.createSocket('udp4');
  // over UDP a request or its answer can be lost, or sent before the server reads its port: the request is
  // sent again after 0.5, 1, 2, 4, 8 s (RFC 5389 §7.2.1), and only the answer with its transaction id counts
  const ask = (msg: Buffer) =>
    new Promise<ReturnType<typeof parse>>((resolve, reject) => {
      const id = msg.subarray(8, 20);
      const timers: NodeJS.Timeout[] = [];
      let wait = 0;
      for (const delay of [0, 500, 1000, 2000, 4000, 8000]) {
        wait += delay;
        timers.push(setTimeout(() => socket.send(msg, port, host), wait));
      }
      timers.push(setTimeout(() => done(new Error('no answer from the TURN server')), wait + 16_000));
      const onMessage = (m: Buffer) => {
        if (m.length >= 20 && m.subarray(8, 20).equals(id)) done(parse(m));
      };
      const done = (outcome: ReturnType<typeof parse> | Error) => {
        for (const t of timers) clearTimeout(t);
        socket.off('message', onMessage);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      socket.on('message', onMessage);
    });
  try {
    const transport = attribute(ATTR.transport, Buffer.from([17, 0, 0, 0]));
    const first = await ask(message([transport]));
    const realm = first.attrs.get(ATTR.realm);
    const nonce = first.attrs.get(ATTR.nonce);
    if (!realm || !nonce) return { ok: false, code: 0 };
    const key = createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest();
    const second = await ask(
      message(
        [transport, attribute(ATTR.username, Buffer.from(username)), attribute(ATTR.realm, realm), attribute(ATTR.nonce, nonce)],
        key,
      ),
    );
    // 0x0103 success, 0x0113 error
    if (second.type === 0x0103) return { ok: true, relayed: second.attrs.has(ATTR.relayed) };
    const error = second.attrs.get(ATTR.error);
    return { ok: false, code: error ? error[2]! * 100 + error[3]! : -1 };
  } finally {
    socket.close();
  }
}
