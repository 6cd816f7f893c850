import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * The types drizzle's PGlite session keeps as the database's text: timestamp, timestamptz, interval and date,
 * and their arrays (1231 is numeric[]), as `drizzle-orm/pglite/session.js` lists them for every query.
 */
export const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

const known = new Set<string>(TEXT_TYPES.map(String));

/** A query's options without the parsers the client already has (`drizzleClient`). */
function withoutOwnParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type in options.parsers) if (!known.has(type)) return options; // another map: PGlite merges it, as asked
  const { parsers: _, ...rest } = options;
  return rest;
}

function dropOwnParsers(client: Pick<PGlite, 'query'>) {
  return <R>(sql: string, params?: unknown[], options?: QueryOptions) => client.query<R>(sql, params, withoutOwnParsers(options));
}

/**
 * The PGlite client as drizzle sees it: the client reads TEXT_TYPES as text itself, and its queries, and its
 * transactions' queries, are sent without drizzle's parser map. Given a map, PGlite copies its own table of 318 parsers into a
 * new object for every query before reading the answer: a one-row select through drizzle, 3,000 in a row, took
 * 0.93-1.22 ms a query with the map and 0.69-0.70 without (stop 45). The client already reads those types as
 * text, so the answers are the same (`pglite-parsers.test.ts`).
 */
export async function drizzleClient(client: PGlite) {
  // once it is ready: opening, PGlite sets the arrays' parsers to parse their elements, over any in its options
  await client.waitReady;
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  return {
    query: dropOwnParsers(client),
    transaction: <R>(run: (tx: Transaction) => Promise<R>) =>
      // the transaction itself underneath (its `closed` stays live), with the query swapped
      client.transaction((tx) => run(Object.assign(Object.create(tx) as Transaction, { query: dropOwnParsers(tx) }))),
  };
}
