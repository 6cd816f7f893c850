import { fuzzPart } from './fuzz-sweep';

// part 1 of the sweep of bad input over every call (fuzz-sweep.ts)
fuzzPart(1);
