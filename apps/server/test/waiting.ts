import dgram from 'node:dgram';
import net from 'node:net';

/** A loopback port free at the moment of asking (for a helper process such as nginx-rtmp). */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A loopback port free on both UDP and TCP (for coturn, which takes both), below the kernel's ephemeral
 * range (32768 up): ports the system hands out by itself, to browsers' WebRTC sockets and every client,
 * are not taken from under it. A UDP port already held elsewhere let coturn listen on TCP and never hear
 * a datagram (CI, stop 33). `span` more ports after it are free as well, for a relay range.
 */
export async function freeDualPort(span = 0): Promise<number> {
  const takes = (port: number) =>
    new Promise<boolean>((resolve) => {
      const udp = dgram.createSocket('udp4');
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => {
        const tcp = net.createServer();
        tcp.once('error', () => udp.close(() => resolve(false)));
        tcp.listen(port, '127.0.0.1', () => tcp.close(() => udp.close(() => resolve(true))));
      });
    });
  for (let tries = 0; tries < 200; tries++) {
    const first = 20_000 + Math.floor(Math.random() * (32_000 - 20_000 - span));
    let free = true;
    for (let port = first; free && port <= first + span; port++) free = await takes(port);
    if (free) return first;
  }
  throw new Error('no free UDP and TCP port below 32000');
}

/** Probes every 100 ms until it gives a value, failing with `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
