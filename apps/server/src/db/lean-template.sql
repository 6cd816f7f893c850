-- Run on the embedded database's templates (build.mjs's data folder, the tests' test/pglite-template.ts) after
-- their migrations. PGlite opens the database "postgres" only, and PaiClass never creates a database in it; initdb's
-- template0 and template1 are 600 of a data folder's 1,484 files. A new data folder is a copy of the template,
-- and this machine's disk creates a file in about half a millisecond: the copy took 1.3-1.5 s with them and
-- 0.75-0.9 s without. The checkpoint leaves the folder needing no replay at its first start.
ALTER DATABASE template0 IS_TEMPLATE false;
DROP DATABASE template0;
ALTER DATABASE template1 IS_TEMPLATE false;
DROP DATABASE template1;
CHECKPOINT;
