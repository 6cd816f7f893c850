import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo } from './seed';

const app = await buildApp(loadConfig());
await seedDemo(app.ctx, app.log);
await app.close();
