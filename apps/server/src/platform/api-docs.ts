import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/**
 * `/docs`: Swagger UI over `/openapi.json`, served from `swagger-ui-dist`'s files when asked for.
 * @fastify/swagger-ui did the same through @fastify/static and YAML, loaded at every start whether or
 * not anyone opened the page: 9 % of the CPU of an existing data folder's start in one `node --cpu-prof`
 * profile, taken on a loaded machine (issue 23).
 * The page's script is a file of its own, since the pages' content security policy allows scripts
 * from this origin only.
 */
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PaiClass API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
`;

const START = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

export function registerApiDocs(app: FastifyInstance) {
  const hidden: RouteShorthandOptions = { config: { auth: 'none' }, schema: { hide: true } };
  let folder: string | undefined;
  const dist = () => {
    folder ??= path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    return folder;
  };
  app.get('/docs', hidden, (_req, reply) => reply.redirect('/docs/'));
  app.get('/docs/', hidden, (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/start.js', hidden, (_req, reply) => reply.type(FILES['swagger-ui-bundle.js']!).send(START));
  app.get<{ Params: { file: string } }>('/docs/:file', hidden, (req, reply) => {
    const type = FILES[req.params.file];
    if (!type) return reply.callNotFound();
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(dist(), req.params.file)));
  });
}
