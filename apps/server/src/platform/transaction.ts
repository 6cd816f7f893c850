import type { Bus } from './bus';
import type { AppContext } from './context';

/**
 * Runs `work` in one database transaction, with a context whose `db` and `jobs` are that
 * transaction: any service called with it writes, and queues its jobs, inside the transaction, so
 * that everything commits together or nothing does. Its bus holds what is published until the
 * commit, and so do its realtime events: no socket hears of a write that was rolled back. Called with a context that is already
 * in a transaction, it nests (a savepoint) and its messages wait for the outer commit.
 */
export async function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  const held: [string, unknown][] = [];
  const bus: Bus = {
    publish: async (topic, message) => {
      held.push([topic, message]);
    },
    subscribe: (topic, handler) => ctx.bus.subscribe(topic, handler),
    // the bus belongs to the app, not to this transaction
    close: async () => {},
  };
  const realtime = ctx.realtime.holding();
  const result = await ctx.db.transaction((tx) =>
    work({ ...ctx, db: tx, jobs: ctx.jobs.using(tx), bus, realtime: realtime.view }),
  );
  for (const [topic, message] of held) await ctx.bus.publish(topic, message);
  await realtime.flush();
  return result;
}
