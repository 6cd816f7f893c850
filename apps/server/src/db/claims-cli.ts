import { buildApp } from '../app';
import { loadConfig } from '../config';
import { approveClaim, listPendingClaims, refuseClaim } from '../modules/institutions/institutions.service';

/**
 * `npm run institution:claims -- list [institution]`, `approve <id>`, `refuse <id>`: the certification
 * claims made without a code, waiting for the institution's operator (see docs/api.md, Institutions).
 */
const [action, arg] = process.argv.slice(2);
const usage = 'usage: npm run institution:claims -- list [institution name] | approve <claim id> | refuse <claim id>';
if (!action || !['list', 'approve', 'refuse'].includes(action) || (action !== 'list' && !/^\d+$/.test(arg ?? ''))) {
  console.error(usage);
  process.exit(2);
}
const app = await buildApp(loadConfig());
try {
  if (action === 'list') {
    const claims = await listPendingClaims(app.ctx.db, arg);
    if (!claims.length) console.log('no claims waiting');
    for (const c of claims)
      console.log(
        `#${c.id}\t${c.jigou}\t${c.usertype === 1 ? 'teacher' : 'student'}\t${c.realstno}\t${c.realname}\taccount ${c.userId} (${c.account}, ${c.username})\t${c.createdAt.toISOString()}\t${c.roster}`,
      );
  } else if (action === 'approve') {
    const claim = await approveClaim(app.ctx, Number(arg));
    console.log(`claim #${claim.id} approved: account ${claim.userId} is certified as ${claim.realname} ${claim.realstno}`);
  } else {
    const claim = await refuseClaim(app.ctx.db, Number(arg));
    console.log(`claim #${claim.id} refused`);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await app.close();
}
