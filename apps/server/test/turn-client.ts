import { createHash, createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

/**
 * A TURN client over UDP with long-term credentials (RFC 5766, RFC 5389), enough to check what coturn
 * does with a TURN REST API credential and to send media through it: Allocate (the first request is
 * answered 401 with a realm and a nonce, the second carries USERNAME, REALM, NONCE and
 * MESSAGE-INTEGRITY, HMAC-SHA1 under MD5(username:realm:password)), CreatePermission for a peer, and
 * data sent to the peer in Send indications and heard back in Data indications.
 */
const MAGIC = 0x2112a442;
const TYPE = {
  allocate: 0x0003,
  allocateOk: 0x0103,
  permission: 0x0008,
  permissionOk: 0x0108,
  send: 0x0016,
  data: 0x0017,
};
const ATTR = {
  username: 0x0006,
  integrity: 0x0008,
  error: 0x0009,
  lifetime: 0x000d,
  peer: 0x0012,
  data: 0x0013,
  realm: 0x0014,
  nonce: 0x0015,
  relayed: 0x0016,
  transport: 0x0019,
};
export type Address = { address: string; port: number };

function attribute(type: number, value: Buffer) {
  const pad = (4 - (value.length % 4)) % 4;
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc(pad)]);
}

function message(type: number, attrs: Buffer[], key?: Buffer) {
  const id = randomBytes(12);
  let body = Buffer.concat(attrs);
  const header = (length: number) => {
    const h = Buffer.alloc(20);
    h.writeUInt16BE(type, 0);
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

/** An XOR-MAPPED style IPv4 address attribute's value (RFC 5389 §15.2). */
function xorAddress({ address, port }: Address) {
  const v = Buffer.alloc(8);
  v.writeUInt8(0x01, 1);
  v.writeUInt16BE(port ^ (MAGIC >>> 16), 2);
  const ip = address.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
  v.writeUInt32BE((ip ^ MAGIC) >>> 0, 4);
  return v;
}
function readXorAddress(v: Buffer): Address {
  const ip = (v.readUInt32BE(4) ^ MAGIC) >>> 0;
  return { address: [24, 16, 8, 0].map((shift) => (ip >>> shift) & 0xff).join('.'), port: v.readUInt16BE(2) ^ (MAGIC >>> 16) };
}
const errorCode = (answer: ReturnType<typeof parse>) => {
  const error = answer.attrs.get(ATTR.error);
  return error ? error[2]! * 100 + error[3]! : -1;
};

/** One allocation on a TURN server, its socket open until `close()`. */
export class TurnSession {
  private socket = dgram.createSocket('udp4');
  private auth: { key: Buffer; attrs: Buffer[] } | undefined;
  /** what peers sent through the relay, in order */
  heard: { from: Address; data: Buffer }[] = [];
  relayed: Address | undefined;

  private constructor(
    private host: string,
    private port: number,
  ) {
    this.socket.on('message', (m: Buffer) => {
      if (m.length < 20 || m.readUInt16BE(0) !== TYPE.data) return;
      const { attrs } = parse(m);
      const peer = attrs.get(ATTR.peer);
      const data = attrs.get(ATTR.data);
      if (peer && data) this.heard.push({ from: readXorAddress(peer), data: Buffer.from(data) });
    });
  }

  /** Allocates a relayed address with the credential: the session, or the error code coturn answered. */
  static async allocate(host: string, port: number, username: string, password: string) {
    const session = new TurnSession(host, port);
    try {
      const transport = attribute(ATTR.transport, Buffer.from([17, 0, 0, 0]));
      const first = await session.ask(message(TYPE.allocate, [transport]));
      const realm = first.attrs.get(ATTR.realm);
      const nonce = first.attrs.get(ATTR.nonce);
      if (!realm || !nonce) throw new Error('the TURN server asked for no credential');
      session.auth = {
        key: createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest(),
        attrs: [attribute(ATTR.username, Buffer.from(username)), attribute(ATTR.realm, realm), attribute(ATTR.nonce, nonce)],
      };
      const second = await session.ask(message(TYPE.allocate, [transport, ...session.auth.attrs], session.auth.key));
      if (second.type !== TYPE.allocateOk) {
        session.close();
        return { ok: false as const, code: errorCode(second) };
      }
      const relayed = second.attrs.get(ATTR.relayed);
      session.relayed = relayed ? readXorAddress(relayed) : undefined;
      return { ok: true as const, session };
    } catch (e) {
      session.close();
      throw e;
    }
  }

  /** Asks to relay to and from a peer's address: ok, or coturn's error code (403 for a denied peer). */
  async permit(peer: Address) {
    if (!this.auth) throw new Error('not allocated');
    const answer = await this.ask(
      message(TYPE.permission, [attribute(ATTR.peer, xorAddress(peer)), ...this.auth.attrs], this.auth.key),
    );
    return answer.type === TYPE.permissionOk ? { ok: true as const } : { ok: false as const, code: errorCode(answer) };
  }

  /** Sends data to a permitted peer through the relay (a Send indication: no answer). */
  send(peer: Address, data: Buffer) {
    this.socket.send(
      message(TYPE.send, [attribute(ATTR.peer, xorAddress(peer)), attribute(ATTR.data, data)]),
      this.port,
      this.host,
    );
  }

  close() {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }

  /**
   * A request and its answer: over UDP either can be lost, or sent before the server reads its port, so
   * the request is sent again after 0.5, 1, 2, 4, 8 s (RFC 5389 §7.2.1); only the answer with its
   * transaction id counts.
   */
  private ask(msg: Buffer) {
    return new Promise<ReturnType<typeof parse>>((resolve, reject) => {
      const id = msg.subarray(8, 20);
      const timers: NodeJS.Timeout[] = [];
      let wait = 0;
      for (const delay of [0, 500, 1000, 2000, 4000, 8000]) {
        wait += delay;
        timers.push(setTimeout(() => this.socket.send(msg, this.port, this.host), wait));
      }
      timers.push(setTimeout(() => done(new Error('no answer from the TURN server')), wait + 16_000));
      const onMessage = (m: Buffer) => {
        if (m.length >= 20 && m.subarray(8, 20).equals(id)) done(parse(m));
      };
      const done = (outcome: ReturnType<typeof parse> | Error) => {
        for (const t of timers) clearTimeout(t);
        this.socket.off('message', onMessage);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      this.socket.on('message', onMessage);
    });
  }
}

/** Whether coturn takes the credential: ok with whether it answered a relayed address, or its error code. */
export async function turnAllocate(host: string, port: number, username: string, password: string) {
  const allocated = await TurnSession.allocate(host, port, username, password);
  if (!allocated.ok) return allocated;
  allocated.session.close();
  return { ok: true, relayed: allocated.session.relayed !== undefined };
}
