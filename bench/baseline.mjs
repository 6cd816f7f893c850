// The HTTP benchmark's baseline: a bare Fastify app, no plugins and no logger, answering a JSON POST
// with a small JSON body shaped like the server's envelope. Started by bench/server.ts on PORT.
import Fastify from 'fastify';

const app = Fastify();
app.post('/baseline', async () => ({
  status: 1,
  code: 10000,
  message: '访问成功',
  data: { schoolName: 'PaiClass', canRegister: true },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
