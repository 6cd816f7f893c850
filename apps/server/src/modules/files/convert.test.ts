import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { JOB_LANES } from '../../app';
import { files, jobs } from '../../db/schema';
import { JobQueue } from '../../platform/jobs';
import { CONVERT_JOB, convertJob, queueConversions } from './convert';

const silent = { warn() {}, error() {}, info() {} } as never;
let db: TestDatabase;
let app: FastifyInstance;
let bin: string;
const PATH = process.env.PATH;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  // a LibreOffice that takes its time and writes its pid, so the test sees whether it was stopped
  bin = await mkdtemp(path.join(os.tmpdir(), 'paiclass-fake-soffice-'));
  await writeFile(path.join(bin, 'soffice'), `#!/bin/sh\necho $$ > "${bin}/pid"\nexec sleep 3\n`);
  await chmod(path.join(bin, 'soffice'), 0o755);
  process.env.PATH = `${bin}:${PATH}`;
});
afterAll(async () => {
  process.env.PATH = PATH;
  await rm(bin, { recursive: true, force: true });
  await app.close();
  await db.drop();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a conversion that loses its lease', () => {
  it('kills LibreOffice and leaves the file as it was, for the run that takes the job over', async () => {
    const owner = await registerUser(app);
    const key = `test/convert-${Date.now()}.docx`;
    await app.ctx.storage.put(key, Buffer.from('not really a document'));
    const [file] = await app.ctx.db
      .insert(files)
      .values({
        ownerId: owner.uid,
        md5: 'f'.repeat(32),
        size: 21,
        name: '讲义.docx',
        mime: 'application/msword',
        storageKey: key,
      })
      .returning();
    await queueConversions(app.ctx, [file!.id]);
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `convert:${file!.id}`));

    // an instance whose heartbeat stalls: its lease (300 ms) runs out while LibreOffice works
    const stalled = new JobQueue(app.ctx.db, silent, { lanes: JOB_LANES, leaseMs: 300, heartbeatMs: 3_600_000 });
    stalled.register(CONVERT_JOB, (payload, run) =>
      convertJob({ ...app.ctx, db: run.db ?? app.ctx.db, jobs: app.ctx.jobs.using(run.db ?? app.ctx.db) }, payload, run.signal),
    );
    expect(await stalled.runDue(new Date(), 1, [job!.id])).toBe(1);
    const pid = Number(await readFile(path.join(bin, 'pid'), 'utf8'));
    // LibreOffice is not left running
    expect(alive(pid)).toBe(false);
    // the lost run wrote no verdict on the file (a failed conversion would be 3) nor on the job
    const [after] = await app.ctx.db.select().from(files).where(eq(files.id, file!.id));
    expect(after).toMatchObject({ pdfState: 1, pdfFileId: null });
    const [row] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(row).toMatchObject({ doneAt: null, failedAt: null, lastError: null });
  });
});
