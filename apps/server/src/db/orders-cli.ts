import { buildApp } from '../app';
import { loadConfig } from '../config';
import { issueInvoice, listInvoiceRequests, rejectInvoice } from '../modules/commerce/invoices.service';
import { extraPaymentRefunds, flaggedNotifications, refundOrder } from '../modules/commerce/payments.service';
import { cliMessage } from './cli-message';

/**
 * `npm run orders -- refund <orderno>`: refunds a paid VIP order through its provider (the unused share
 * of its period for a pro-rata order, decision 044) and takes back the period it bought; `npm run orders -- flagged`: the payments received twice or after the order
 * closed, and how their automatic refunds stand (decision 037). Invoices (decision 039):
 * `invoices [all]` lists the requests waiting (or all), `invoice-issue <id> [number]` issues one with
 * its PDF, `invoice-reject <id> <reason>` refuses one; the teacher is told either way (see docs/api.md,
 * VIP and orders).
 */
const [action, arg, ...rest] = process.argv.slice(2);
const usage =
  'usage: npm run orders -- refund <orderno> | flagged | invoices [all] | invoice-issue <id> [number] | invoice-reject <id> <reason>';
const ok =
  (action === 'refund' && /^\d{20}$/.test(arg ?? '')) ||
  action === 'flagged' ||
  (action === 'invoices' && (arg === undefined || arg === 'all')) ||
  (action === 'invoice-issue' && /^\d{1,9}$/.test(arg ?? '') && rest.length <= 1) ||
  (action === 'invoice-reject' && /^\d{1,9}$/.test(arg ?? '') && rest.join(' ').trim() !== '');
if (!ok) {
  console.error(usage);
  process.exit(2);
}
const TYPES = ['enterprise', 'personal'];
const MEDIA = ['electronic', 'paper'];
const STATES = ['requested', 'issued', 'refused'];
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
const app = await buildApp(loadConfig());
try {
  if (action === 'refund') {
    const r = await refundOrder(app.ctx, arg!);
    console.log(`order ${r.orderno} refunded ${yuan(r.amount)} (${r.refundNo})`);
  } else if (action === 'flagged') {
    const rows = await flaggedNotifications(app.ctx);
    if (!rows.length) console.log('no flagged payments');
    for (const n of rows)
      console.log(`#${n.id}\t${n.orderno}\t${n.provider}\t${n.tradeNo}\t${n.amount}\t${n.outcome}\t${n.createdAt.toISOString()}`);
    const refunds = await extraPaymentRefunds(app.ctx);
    const states = ['waiting', 'refunded', 'given up'];
    for (const r of refunds)
      console.log(
        `refund #${r.id}\t${r.orderno}\t${r.provider}\t${r.tradeNo}\t${r.amount}\t${r.reason}\t${states[r.state]}\t${r.refundNo}\t${r.error}`,
      );
  } else if (action === 'invoices') {
    const rows = await listInvoiceRequests(app.ctx, { all: arg === 'all' });
    if (!rows.length) console.log(arg === 'all' ? 'no invoice requests' : 'no invoice requests waiting');
    for (const i of rows) {
      const to =
        i.invoicetype === 1
          ? `to ${i.recipients}, ${i.deliveryaddress}, ${i.telphone}${i.freeShipping ? ' (free shipping)' : ''}`
          : `to ${i.email}, ${i.telphone}`;
      console.log(
        [
          `#${i.id}`,
          STATES[i.state],
          `${i.account} (${i.username})`,
          `${TYPES[i.type]} ${MEDIA[i.invoicetype]} item ${i.item}`,
          `"${i.title}"${i.type === 0 ? ` tax ${i.invoiceno}` : ''}`,
          yuan(i.amount),
          `orders ${i.orders.map((o) => o.orderno).join(',')}`,
          to,
          i.createdAt.toISOString(),
          i.state === 1 ? `number ${i.number}` : i.state === 2 ? `reason: ${i.reason}` : '',
        ].join('\t'),
      );
    }
  } else if (action === 'invoice-issue') {
    const r = await issueInvoice(app.ctx, Number(arg), rest[0]);
    console.log(`invoice request #${r.id} issued: number ${r.number}, ${yuan(r.amount)}, PDF stored as ${r.pdfKey}`);
  } else {
    const r = await rejectInvoice(app.ctx, Number(arg), rest.join(' '));
    console.log(`invoice request #${r.id} refused: ${r.reason}`);
  }
} catch (e) {
  console.error(cliMessage(e));
  process.exitCode = 1;
} finally {
  await app.close();
}
