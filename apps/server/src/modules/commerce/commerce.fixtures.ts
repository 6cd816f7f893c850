import type { FastifyInstance } from 'fastify';
import { call } from '../../../test/helpers';

/** A caller of the commerce tests: a token and a user id. */
export type Person = { token: string; uid: number };

/** Calls that must succeed, and an order of a VIP plan, as the commerce tests make them (issue 28). */
export function buyer(app: FastifyInstance) {
  async function ok(url: string, body: Record<string, unknown>, who?: Person) {
    const res = await call(app, url, body, who ? { token: who.token } : {});
    if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
    return res.data;
  }
  const product = async (months: number) => {
    const { list } = await ok('/VipApi/getProductList', {});
    return list.find((p: { months: number; level: number }) => p.months === months && p.level === 1) as {
      id: number;
      price: number;
    };
  };
  async function newOrder(who: Person, months = 1) {
    const p = await product(months);
    return (await ok('/OrderApi/createOrder', { productid: p.id }, who)) as { orderno: string; total_fee: string };
  }
  return { ok, product, newOrder };
}
