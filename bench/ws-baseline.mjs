// The fan-out benchmark's baseline: a bare `ws` WebSocketServer in its own process on PORT, as the
// real server is. A socket opened at /control sends a payload; the server sends that same string to
// every other socket, as the classroom hub sends one serialised event to every socket of a room, and
// answers the control socket with how long its send loop took. Nothing else: no login, no rooms, no
// database, no bus. A POST to /ready answers 200 once it listens.
// Started by bench/fanout.ts through startBaseline (bench/server.ts).
import http from 'node:http';
import { WebSocketServer } from 'ws';

const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ready'));
const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
const clients = new Set();
wss.on('connection', (socket, req) => {
  if (req.url === '/control') {
    socket.on('message', (raw) => {
      const payload = String(raw);
      const started = performance.now();
      for (const c of clients) c.send(payload);
      // how long the sends took here (each one a write to its socket): tells the sender's share of the delivery times
      socket.send(JSON.stringify({ sendLoopMs: performance.now() - started }));
    });
    return;
  }
  clients.add(socket);
  socket.on('close', () => clients.delete(socket));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
