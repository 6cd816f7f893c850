import { buildApp } from '../app';
import { loadConfig } from '../config';
import { grantOperator, listOperators, revokeOperator } from '../modules/admin/operators.service';
import { cliMessage } from './cli-message';

/**
 * Operators of the admin page (decision 053): `npm run operator -- grant <phone> [institution]` makes an
 * existing account an operator, platform-wide (invoices, any institution's VIP) or of one institution
 * (its id or name: that institution's VIP only); `revoke <phone> [institution]` takes it back; `list`
 * shows them. The account is named by its phone number or account.
 */
const [action, ...args] = process.argv.slice(2);
const usage = 'usage: npm run operator -- grant <phone> [institution] | revoke <phone> [institution] | list';
const ok =
  ((action === 'grant' || action === 'revoke') && args.length >= 1 && args.length <= 2 && args[0]!.trim() !== '') ||
  (action === 'list' && args.length === 0);
if (!ok) {
  console.error(usage);
  process.exit(2);
}
const app = await buildApp(loadConfig());
try {
  if (action === 'grant') {
    const r = await grantOperator(app.ctx, { who: args[0]!, institution: args[1] });
    console.log(
      `${r.user.account} (${r.user.username}) is an operator ${r.institution ? `of ${r.institution}` : 'of the platform'}`,
    );
  } else if (action === 'revoke') {
    const r = await revokeOperator(app.ctx, { who: args[0]!, institution: args[1] });
    console.log(`${r.user.account} is no longer an operator ${r.institution ? `of ${r.institution}` : 'of the platform'}`);
  } else {
    const rows = await listOperators(app.ctx);
    if (!rows.length) console.log('no operators');
    for (const o of rows)
      console.log(
        `${o.account} (${o.username})\t${o.mobile ?? ''}\t${o.institution ?? 'platform'}\t${o.createdAt.toISOString()}`,
      );
  }
} catch (e) {
  console.error(cliMessage(e));
  process.exitCode = 1;
} finally {
  await app.close();
}
