import type { Plugin } from 'vite';

/** antd-mobile-icons' modules, one icon each. */
const ICON_MODULE = /[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;

/** Decimals kept in path coordinates: the icons are drawn in a 48-unit box shown at 1em, so 0.01 is far below a pixel. */
const DECIMALS = 2;

/** A number of path data, rounded, without trailing zeros ("7.4592936" → "7.46", "12.00" → "12"). */
function round(value: string) {
  const rounded = Number(Number(value).toFixed(DECIMALS));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * Path data with rounded coordinates and without the zero-length line to the point just reached
 * ("L 1,2 L 1,2"), which the icons' exporter wrote everywhere. The shapes are filled (no stroke), so
 * a zero-length segment draws nothing.
 */
export function slimPath(d: string) {
  let out = d.replace(/-?\d*\.?\d+(?:e-?\d+)?/gi, round);
  for (;;) {
    const next = out.replace(/L ?(-?[\d.]+),(-?[\d.]+) L ?\1,\2(?=[ A-Za-z]|$)/g, 'L$1,$2');
    if (next === out) break;
    out = next;
  }
  return out.replace(/ ?([A-Za-z]) ?/g, '$1');
}

/** An icon module without its element ids (Sketch's layer names, unused and repeated on a page) and with slim paths. */
export function slimIconModule(code: string) {
  return code
    .replace(/^\s*id: "[^"]*",?\n/gm, '')
    .replace(/\bd: "([^"]*)"/g, (_all, d: string) => `d: ${JSON.stringify(slimPath(d))}`);
}

/**
 * antd-mobile-icons ship their paths as exported from Sketch: seven decimals and every corner's point
 * written twice, 2-7 KB per icon; the course list shows fifteen of them. The build draws the same
 * shapes with a third of the bytes (issue 10's first-load budget).
 */
export function slimIcons(): Plugin {
  return {
    name: 'paiclass-slim-icons',
    apply: 'build',
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null;
      return { code: slimIconModule(code), map: null };
    },
  };
}
