import { buildApp } from '../app';
import { loadConfig } from '../config';
import { grantInstitutionVip, listInstitutionVip, revokeInstitutionVip } from '../modules/commerce/institution-vip.service';
import { cliMessage } from './cli-message';

/**
 * Institution VIP (decision 039), the institution's operator: `npm run institution:vip -- grant
 * <institution> <teacher> <3|4> <months|YYYY-MM-DD>` gives a certified teacher (roster number or account)
 * institution VIP (3) or institution super VIP (4) until then; `revoke <institution> <teacher>` ends it
 * now; `list [institution]` shows the grants. An institution is named by its id or its name.
 */
const [action, ...args] = process.argv.slice(2);
const usage =
  'usage: npm run institution:vip -- grant <institution> <teacher> <3|4> <months|YYYY-MM-DD> | revoke <institution> <teacher> | list [institution]';
const ok =
  (action === 'grant' && args.length === 4 && /^[34]$/.test(args[2]!)) ||
  (action === 'revoke' && args.length === 2) ||
  (action === 'list' && args.length <= 1);
if (!ok) {
  console.error(usage);
  process.exit(2);
}
const LEVELS: Record<number, string> = { 3: 'institution VIP', 4: 'institution super VIP' };
const app = await buildApp(loadConfig());
try {
  if (action === 'grant') {
    const [institution, teacher, level, period] = args as [string, string, string, string];
    const g = await grantInstitutionVip(app.ctx, { institution, teacher, level: Number(level), period });
    console.log(
      `${g.teacher.account} (${g.teacher.username}) holds ${LEVELS[g.level]} of ${g.institution} until ${g.endsAt.toISOString()}`,
    );
  } else if (action === 'revoke') {
    const [institution, teacher] = args as [string, string];
    const r = await revokeInstitutionVip(app.ctx, { institution, teacher });
    console.log(`${r.teacher.account}'s grant of ${r.institution} ended`);
  } else {
    const rows = await listInstitutionVip(app.ctx, args[0]);
    if (!rows.length) console.log('no grants');
    const now = Date.now();
    for (const g of rows)
      console.log(
        `#${g.id}\t${g.institution}\t${g.account} (${g.username})\t${LEVELS[g.level]}\t${g.beginsAt.toISOString()} ~ ${g.endsAt.toISOString()}\t${g.endsAt.getTime() > now ? 'in force' : 'ended'}`,
      );
  }
} catch (e) {
  console.error(cliMessage(e));
  process.exitCode = 1;
} finally {
  await app.close();
}
