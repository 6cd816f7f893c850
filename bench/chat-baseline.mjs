// The chat benchmark's baseline (bench/chat.ts): a bare `ws` WebSocketServer in its own process on PORT,
// as the real server is. A socket opens at /?id=N. A message `{requestType, uniqueCode, payload: {to}}`
// is answered to its sender with the same bytes (the acknowledgement) and sent, the same bytes again,
// to the socket whose id is `to` (the delivery). Nothing else: no login, no storage, no rooms, no bus.
// A POST to /ready answers 200 once it listens.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ready'));
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
const byId = new Map();
wss.on('connection', (socket, req) => {
  const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
  byId.set(id, socket);
  socket.on('message', (raw) => {
    const text = String(raw);
    let to;
    try {
      to = JSON.parse(text).payload?.to;
    } catch {
      return;
    }
    socket.send(text);
    byId.get(to)?.send(text);
  });
  socket.on('close', () => {
    if (byId.get(id) === socket) byId.delete(id);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
