import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The headers of an upgrade offer, dropped when it is declined. */
const OFFER = new Set(['connection', 'upgrade', 'http2-settings']);

/**
 * Declines an upgrade other than WebSocket (h2c: `Connection: Upgrade, HTTP2-Settings` from Java's
 * HttpClient or `curl --http2` over plain HTTP) by serving the request as plain HTTP/1.1, which the
 * offer allows (RFC 9110 §7.8). Node gives such a request to the 'upgrade' listeners with its HTTP
 * parser already detached and the body's first bytes in `head`, the rest unread on the socket; routed
 * from there it would have no body. So the request's head is written back without the offer, ahead of
 * those bytes, and the socket is handed to the server as a new connection, whose parser reads the
 * request, body and all, and keeps the connection alive for the next. Plain HTTP only: behind TLS the
 * server is reached through a proxy (h2 over TLS is negotiated by ALPN, never by this header).
 */
export function servePlainUpgrade(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer) {
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (!OFFER.has(raw[i]!.toLowerCase())) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}
