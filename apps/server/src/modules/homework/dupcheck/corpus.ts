/**
 * Generated essays for duplicate-checking tests and the benchmark: sentences of words drawn from a
 * seeded vocabulary, so runs are repeatable and originals share no long passage by chance.
 */
const CHARS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研质';
const PUNCT = ['，', '。', '；', '、', '？', '！'];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An essay of about `length` characters, different for every seed. */
export function essay(seed: number, length = 5000) {
  const next = rng(seed);
  let out = '';
  while (out.length < length) {
    const words = 4 + Math.floor(next() * 10);
    for (let i = 0; i < words; i++) {
      const size = 1 + Math.floor(next() * 3);
      for (let j = 0; j < size; j++) out += CHARS[Math.floor(next() * CHARS.length)];
    }
    out += PUNCT[Math.floor(next() * PUNCT.length)];
    if (next() < 0.1) out += '\n';
  }
  return out.slice(0, length);
}

/**
 * A copy with light edits, as a student hiding a copy would make: punctuation changed, a few
 * characters inserted and replaced, a sentence dropped, spaces and line breaks added.
 */
export function lightlyEdited(text: string, seed = 7) {
  const next = rng(seed);
  const sentences = text.split('。');
  sentences.splice(Math.floor(next() * sentences.length), 1);
  let out = '';
  for (const ch of sentences.join('。 \n')) {
    const r = next();
    if (ch === '，') out += r < 0.5 ? '；' : ', ';
    else if (r < 0.01) out += `${ch}其实`;
    else if (r < 0.02) out += CHARS[Math.floor(next() * CHARS.length)];
    else out += ch;
  }
  return out;
}
