import { createRequire } from 'node:module';
import path from 'node:path';
import type { invoices, orders } from '../../db/schema';

/**
 * The issued invoice as a PDF (decision 039): the buyer's title and tax number, the seller, one line per
 * order with the item option the teacher chose, the amounts in yuan and the total in figures and in
 * Chinese capitals. Made with pdfkit; the Chinese text is set in Noto Sans SC (the `@embedpdf/fonts-sc`
 * package, its GB2312 cut), embedded as a subset of the characters used, so it renders in any reader.
 */

/** spec 1 §3 invoice item options 0-3, as a Chinese invoice names them */
const ITEMS = ['教学软件年费', '教学软件服务费', '软件服务费', '服务费'] as const;
const ITEMS_EN = ['Teaching software annual fee', 'Teaching software service fee', 'Software service fee', 'Service fee'];
const SELLER = 'PaiClass 派课堂';

const require = createRequire(import.meta.url);
/** The font file, found beside its package (kept out of the bundle: apps/server/build.mjs). */
export function invoiceFontPath() {
  // the package exports only its index (dist/); the fonts are its folder beside
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');
}

const money = (cents: number) => (cents / 100).toFixed(2);

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
/** An amount in cents in Chinese capitals, as invoices write the total: 1234.50 is 壹仟贰佰叁拾肆元伍角整. */
export function capitalYuan(cents: number): string {
  if (cents === 0) return '零元整';
  const whole = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const units = ['', '拾', '佰', '仟'];
  const groups = ['', '万', '亿'];
  let text = '';
  if (whole > 0) {
    const digits = String(whole).split('').map(Number);
    let zero = false;
    digits.forEach((d, i) => {
      const pos = digits.length - 1 - i;
      if (d === 0) zero = true;
      else {
        if (zero && text) text += '零';
        zero = false;
        text += DIGITS[d] + units[pos % 4];
      }
      if (pos % 4 === 0 && pos > 0) {
        const group = digits.slice(Math.max(0, i - 3), i + 1).some((x) => x > 0);
        if (group) text += groups[pos / 4];
      }
    });
    text += '元';
  }
  if (jiao === 0 && fen === 0) return `${text}整`;
  if (jiao > 0) text += `${DIGITS[jiao]}角`;
  else if (whole > 0) text += '零';
  if (fen > 0) text += `${DIGITS[fen]}分`;
  else text += '整';
  return text;
}

interface InvoiceDocument {
  invoice: typeof invoices.$inferSelect;
  number: string;
  orders: (typeof orders.$inferSelect)[];
  issuedAt: Date;
}

/** The PDF's bytes. */
export async function invoicePdf({ invoice, number, orders: covered, issuedAt }: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `发票 Invoice ${number}`, Author: SELLER, Subject: invoice.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', invoiceFontPath());
  doc.font('cjk');
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const ink = '#1f2329';
  const muted = '#646a73';
  const accent = '#b4232a';

  doc
    .fillColor(accent)
    .fontSize(22)
    .text(invoice.invoicetype === 1 ? '发票（纸质）' : '电子发票（普通发票）', { align: 'center' });
  doc
    .fontSize(10)
    .fillColor(muted)
    .text(invoice.invoicetype === 1 ? 'Invoice (paper)' : 'Electronic invoice', { align: 'center' });
  doc.moveDown(1);
  const day = `${issuedAt.getUTCFullYear()}年${issuedAt.getUTCMonth() + 1}月${issuedAt.getUTCDate()}日`;
  const line = (label: string, value: string) => {
    doc
      .fillColor(muted)
      .fontSize(10)
      .text(label, { continued: true })
      .fillColor(ink)
      .fontSize(11)
      .text(`  ${value || '—'}`);
  };
  line('发票号码 No.', number);
  line('开票日期 Date', day);
  doc.moveDown(0.8);

  const section = (title: string) => {
    doc.moveDown(0.4);
    doc.fillColor(accent).fontSize(12).text(title);
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .strokeColor(accent)
      .stroke();
    doc.moveDown(0.5);
  };
  section('购买方 Buyer');
  line('名称 Title', invoice.title);
  line('纳税人识别号 Tax number', invoice.type === 0 ? invoice.invoiceno : '');
  line('地址、电话 Address, phone', [invoice.registeraddress, invoice.registertel].filter(Boolean).join(' '));
  line('开户行及账号 Bank, account', [invoice.bankname, invoice.bankaccount].filter(Boolean).join(' '));
  section('销售方 Seller');
  line('名称 Name', SELLER);

  section('项目 Items');
  const cols = [left, left + width * 0.48, left + width * 0.78];
  const head = doc.y;
  doc.fillColor(muted).fontSize(10);
  doc.text('项目名称 Item', cols[0], head, { width: width * 0.46 });
  doc.text('订单号 Order', cols[1], head, { width: width * 0.3 });
  doc.text('金额（元） Amount', cols[2], head, { width: width * 0.22, align: 'right' });
  doc.moveDown(0.4);
  const item = ITEMS[invoice.item] ?? ITEMS[0];
  for (const o of covered) {
    const y = doc.y;
    doc
      .fillColor(ink)
      .fontSize(11)
      .text(`*信息技术服务*${item}`, cols[0], y, { width: width * 0.46 });
    doc
      .fillColor(muted)
      .fontSize(9)
      .text(`${ITEMS_EN[invoice.item] ?? ''} · ${o.productname}`, cols[0], doc.y, { width: width * 0.46 });
    const after = doc.y;
    doc
      .fillColor(ink)
      .fontSize(10)
      .text(o.orderno, cols[1], y, { width: width * 0.3 });
    doc.fontSize(11).text(money(o.totalFee), cols[2], y, { width: width * 0.22, align: 'right' });
    doc.y = Math.max(after, doc.y) + 6;
  }
  const y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.6)
    .strokeColor(muted)
    .stroke();
  doc.y = y + 8;
  doc.x = left;
  line('合计 Total', `¥${money(invoice.amount)}`);
  line('价税合计（大写） In words', capitalYuan(invoice.amount));

  if (invoice.invoicetype === 1) {
    section('寄送 Delivery');
    line('收件人 Recipient', invoice.recipients);
    line('地址 Address', invoice.deliveryaddress);
    line('电话 Phone', invoice.telphone);
    if (invoice.freeShipping) line('运费 Shipping', '包邮 Free (VIP of two months or more)');
  }
  doc.moveDown(2);
  doc.fillColor(muted).fontSize(9).text(`申请编号 Request #${invoice.id} · ${SELLER}`, left, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
