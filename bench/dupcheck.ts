// Duplicate-checking benchmark (issue #5): 500 submissions of 5,000 characters each, fingerprinted
// by winnowing and compared through an inverted index, against a naive all-pairs comparison of the
// same fingerprints run in the same script. Prints one JSON result.
import { essay, lightlyEdited } from '../apps/server/src/modules/homework/dupcheck/corpus';
import { comparePairs, comparePairsNaive, tokenize, winnow } from '../apps/server/src/modules/homework/dupcheck/winnow';

const COUNT = Number(process.env.BENCH_DUP_COUNT ?? 500);
const LENGTH = Number(process.env.BENCH_DUP_LENGTH ?? 5000);

// five planted copies among the originals, as a class would have
const texts = Array.from({ length: COUNT }, (_, i) => (i % 100 === 99 ? lightlyEdited(essay(i - 50, LENGTH), i) : essay(i, LENGTH)));

const time = <T>(run: () => T) => {
  const start = process.hrtime.bigint();
  const result = run();
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
};

const fingerprinting = time(() => texts.map((t, i) => ({ id: i, fingerprints: winnow(tokenize(t)) })));
const docs = fingerprinting.result;
const indexed = time(() => comparePairs(docs));
const naive = time(() => comparePairsNaive(docs));
const flagged = (pairs: typeof indexed.result) => pairs.filter((p) => Math.max(p.aInB, p.bInA) >= 0.4).length;

console.log(
  JSON.stringify(
    {
      bench: 'dupcheck',
      submissions: COUNT,
      charactersEach: LENGTH,
      fingerprintsPerSubmission: Math.round(docs.reduce((n, d) => n + d.fingerprints.length, 0) / COUNT),
      fingerprintMs: Math.round(fingerprinting.ms),
      indexedCompareMs: Math.round(indexed.ms),
      naiveAllPairsMs: Math.round(naive.ms),
      naiveOverIndexed: Number((naive.ms / indexed.ms).toFixed(1)),
      totalIndexedMs: Math.round(fingerprinting.ms + indexed.ms),
      flaggedPairs: { indexed: flagged(indexed.result), naive: flagged(naive.result) },
    },
    null,
    2,
  ),
);
