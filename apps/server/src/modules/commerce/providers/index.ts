import type { AppContext } from '../../../platform/context';
import { AlipayProvider } from './alipay';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { WechatPayProvider } from './wechatpay';

type Ctx = Pick<AppContext, 'secret' | 'config'>;

const sandboxes = new Map<string, SandboxProvider>();
const built = new WeakMap<object, PaymentProvider>();

/** The sandbox provider of this installation (its key comes from the installation's secret). */
export function sandboxProvider(ctx: Pick<AppContext, 'secret'>): SandboxProvider {
  let p = sandboxes.get(ctx.secret);
  if (!p) {
    p = new SandboxProvider(ctx.secret);
    sandboxes.set(ctx.secret, p);
  }
  return p;
}

const publicBase = (ctx: Ctx) => (ctx.config.publicUrl ?? '').replace(/\/+$/, '');

/** The Alipay provider when ALIPAY_* are set (decision 037). */
export function alipayProvider(ctx: Ctx): PaymentProvider | null {
  const s = ctx.config.alipay;
  if (!s) return null;
  let p = built.get(s);
  if (!p) {
    p = new AlipayProvider({
      ...s,
      notifyUrl: `${publicBase(ctx)}/PayNotify/alipay`,
      returnUrl: `${publicBase(ctx)}/myAllSetting?detail=myTradeRecord`,
    });
    built.set(s, p);
  }
  return p;
}

/** The WeChat Pay v3 provider when WECHATPAY_* are set (decision 037). */
export function wechatPayProvider(ctx: Ctx): PaymentProvider | null {
  const s = ctx.config.wechatPay;
  if (!s) return null;
  let p = built.get(s);
  if (!p) {
    p = new WechatPayProvider({
      ...s,
      notifyUrl: `${publicBase(ctx)}/PayNotify/wechatpay`,
      returnUrl: `${publicBase(ctx)}/myAllSetting?detail=myTradeRecord`,
    });
    built.set(s, p);
  }
  return p;
}

/** The providers new payments may go through, the default first: Alipay, WeChat Pay, then the sandbox. */
export function activeProviders(ctx: Ctx): PaymentProvider[] {
  return [alipayProvider(ctx), wechatPayProvider(ctx), ctx.config.paymentSandbox ? sandboxProvider(ctx) : null].filter(
    (p): p is PaymentProvider => p !== null,
  );
}

/** The provider a new order goes through: the one asked for if offered, else the default; null when none. */
export function activeProvider(ctx: Ctx, name?: string): PaymentProvider | null {
  const all = activeProviders(ctx);
  return name ? (all.find((p) => p.name === name) ?? null) : (all[0] ?? null);
}

/** The provider an order was paid through, for its notifications and refunds (even if no longer offered). */
export function providerByName(ctx: Ctx, name: string): PaymentProvider | null {
  if (name === 'sandbox') return sandboxProvider(ctx);
  if (name === 'alipay') return alipayProvider(ctx);
  if (name === 'wechatpay') return wechatPayProvider(ctx);
  return null;
}
