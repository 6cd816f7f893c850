import { hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '@paiclass/shared';

// OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules)
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * For the integration tests only (test/helpers.ts): the least work argon2id takes (1 MiB, 1 pass), as a
 * test suite's thousands of registrations need no protection from a cracker. Production never calls it;
 * a hash records its own parameters, so a password hashed either way verifies the same.
 */
export function hashCheaplyForTests() {
  Object.assign(ARGON, { memoryCost: 1024, timeCost: 1 });
  dummyHash = undefined;
}
// verified when the account does not exist, so a wrong account takes as long as a wrong password
let dummyHash: Promise<string> | undefined;

export const hashPassword = (password: string) => hash(password, ARGON);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  try {
    dummyHash ??= hash('not-a-password', ARGON);
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

/**
 * The most common passwords that the 6-20 / two-kinds rule alone would let through (lowercased).
 * Drawn from the public top-password lists for Chinese and English users.
 */
const COMMON = new Set(
  `a123456 a12345678 a123456789 abc123 abc1234 abc12345 abc123456 abcd1234 abcd123456 aa123456 aa12345678 qq123456
  woaini1314 woaini520 woaini123 iloveyou1 iloveyou2 password1 password12 password123 passw0rd p@ssw0rd p@ssword
  qwerty1 qwerty12 qwerty123 qwe123 qwe123456 qwe123! qweasd123 1qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e 1qaz@wsx
  zxc123 zxc123456 asd123 asd123456 asdf1234 zxcv1234 admin123 admin1 admin@123 root123 test123 test1234
  123456a 123456abc 123456aa 123qwe 123abc 12345a 1234qwer 123456q 123456qq 112233a 5201314a 520131a
  welcome1 welcome123 letmein1 monkey1 dragon1 sunshine1 princess1 football1 baseball1 master1 superman1
  hello123 hello1234 china123 changeme1 trustno1 abc@123 abc_123 a1b2c3 a1b2c3d4 aaa111 qaz123 wsx123
  123456789a 12345678a 1234567a 88888888a 11111111a 00000000a asdasd123 qweqwe123 111111a 000000a`
    .split(/\s+/)
    .filter(Boolean),
);

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

/** Weak: breaks the spec's rule or is one of the common ones. Such accounts must reset after login. */
export const isWeakPassword = (password: string) => passwordProblem(password) !== null || isCommonPassword(password);
