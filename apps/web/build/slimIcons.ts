import type { Plugin } from 'vite';

/** antd-mobile-icons' modules, one icon each. */
const ICON_MODULE = /[\\/]antd-mobile-icons[\\/]es[\\/][A-Za-z]+\.js$/;

/** Decimals kept in path coordinates: the icons are drawn in a 48-unit box shown at 1em, so 0.05 is far below a pixel (0.025 px at 24 px). */
const DECIMALS = 1;

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

/** Tenths of a unit as path data: 15 → "1.5", -5 → "-.5", 20 → "2". */
function tenths(value: number) {
  const text = String(value / 10);
  return text.replace(/^(-?)0\./, '$1.');
}

/** Numbers of path data run together as SVG reads them: a separator only where the next number would not start on its own. */
function joinNumbers(numbers: string[]) {
  let out = '';
  let last = '';
  for (const n of numbers) {
    // "-" always starts a number; "." does after a number that has its own point
    const joined = last === '' || n.startsWith('-') || (n.startsWith('.') && last.includes('.'));
    out += (joined ? '' : ',') + n;
    last = n;
  }
  return out;
}

/**
 * Path data of moves, lines, cubic curves and closes (all antd-mobile-icons use) drawn relative to the
 * point reached, in tenths computed from the rounded absolute coordinates, so the shape is exactly
 * the rounded one: `L` becomes `l`, `h` or `v`, `C` becomes `c`, a repeated command letter is left out
 * and a zero-length line dropped. Path data with any other command is returned as it is.
 */
export function relativePath(d: string) {
  if (/[^MLCZ\d.,\-\s]/.test(d)) return d;
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+/g) ?? [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let out = '';
  let previous = '';
  let i = 0;
  const next = () => Math.round(Number(tokens[i++]) * 10);
  let lastNumber = '';
  const emit = (command: string, numbers: number[]) => {
    const texts = numbers.map(tenths);
    if (command === previous && command !== 'm' && command !== 'M') {
      // the command letter left out: the numbers run on from the last one
      out += joinNumbers([lastNumber, ...texts]).slice(lastNumber.length);
    } else {
      out += command + joinNumbers(texts);
    }
    lastNumber = texts[texts.length - 1] as string;
    previous = command;
  };
  let command = '';
  while (i < tokens.length) {
    const token = tokens[i] as string;
    if (/[MLCZ]/.test(token)) {
      command = token;
      i++;
      if (command === 'Z') {
        out += 'z';
        previous = 'z';
        x = startX;
        y = startY;
      }
      continue;
    }
    if (command === 'M') {
      const nx = next();
      const ny = next();
      if (out === '') emit('M', [nx, ny]);
      else emit('m', [nx - x, ny - y]);
      x = startX = nx;
      y = startY = ny;
      command = 'L';
    } else if (command === 'L') {
      const nx = next();
      const ny = next();
      if (nx === x && ny === y) continue;
      if (ny === y) emit('h', [nx - x]);
      else if (nx === x) emit('v', [ny - y]);
      else emit('l', [nx - x, ny - y]);
      x = nx;
      y = ny;
    } else if (command === 'C') {
      const points = [next(), next(), next(), next(), next(), next()];
      emit(
        'c',
        points.map((value, k) => value - (k % 2 === 0 ? x : y)),
      );
      x = points[4] as number;
      y = points[5] as number;
    } else {
      return d;
    }
  }
  return out;
}

/** An icon module without its element ids (Sketch's layer names, unused and repeated on a page) and with slim paths. */
export function slimIconModule(code: string) {
  return code
    .replace(/^\s*id: "[^"]*",?\n/gm, '')
    .replace(/\bd: "([^"]*)"/g, (_all, d: string) => `d: ${JSON.stringify(relativePath(slimPath(d)))}`);
}

/** The module every icon's <svg> comes from (the same element and attributes each icon module wrote itself). */
export const SVG_ICON = 'virtual:paiclass/svg-icon';
const SVG_ICON_RESOLVED = '\0paiclass-svg-icon';
const SVG_ICON_MODULE = `import * as React from "react";
export function svgIcon(children) {
  return function Icon(props) {
    return React.createElement("svg", Object.assign({
      width: "1em",
      height: "1em",
      viewBox: "0 0 48 48",
      xmlns: "http://www.w3.org/2000/svg",
      xmlnsXlink: "http://www.w3.org/1999/xlink"
    }, props, {
      style: Object.assign({ verticalAlign: "-0.125em" }, props.style),
      className: ["antd-mobile-icon", props.className].filter(Boolean).join(" ")
    }), children);
  };
}
`;

/** An icon module's <svg> wrapper, as antd-mobile-icons 0.3 writes it in each; the drawing inside is captured. */
const WRAPPER = new RegExp(
  [
    '^import \\* as React from "react";\\s*function (\\w+)\\(props\\) \\{\\s*return /\\*#__PURE__\\*/React\\.createElement\\("svg", Object\\.assign\\(\\{\\s*',
    'width: "1em",\\s*height: "1em",\\s*viewBox: "0 0 48 48",\\s*xmlns: "http://www\\.w3\\.org/2000/svg",\\s*xmlnsXlink: "http://www\\.w3\\.org/1999/xlink"\\s*',
    "\\}, props, \\{\\s*style: Object\\.assign\\(\\{\\s*verticalAlign: '-0\\.125em'\\s*\\}, props\\.style\\),\\s*",
    "className: \\['antd-mobile-icon', props\\.className\\]\\.filter\\(Boolean\\)\\.join\\(' '\\)\\s*\\}\\), ",
    '([\\s\\S]*)\\);\\s*\\}\\s*export default \\1;\\s*$',
  ].join(''),
);

/**
 * An icon module as a call of the shared <svg> wrapper with its own drawing, built once when the module
 * runs (a React element can be rendered any number of times); a module of another shape stays as it is.
 */
export function sharedWrapper(code: string) {
  const match = WRAPPER.exec(code);
  if (!match) return code;
  return `import * as React from "react";\nimport { svgIcon } from "${SVG_ICON}";\nexport default /*#__PURE__*/svgIcon(${match[2]});\n`;
}

/**
 * antd-mobile-icons ship their paths as exported from Sketch: seven decimals and every corner's point
 * written twice, 2-7 KB per icon; the course list shows fifteen of them. The build draws the same
 * shapes with a third of the bytes, and each icon module calls one shared <svg> wrapper instead of
 * writing its own (issue 10's first-load budget: the course list shows fifteen icons, each its own chunk).
 */
export function slimIcons(): Plugin {
  return {
    name: 'paiclass-slim-icons',
    apply: 'build',
    resolveId(id) {
      return id === SVG_ICON ? SVG_ICON_RESOLVED : null;
    },
    load(id) {
      return id === SVG_ICON_RESOLVED ? SVG_ICON_MODULE : null;
    },
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null;
      return { code: sharedWrapper(slimIconModule(code)), map: null };
    },
  };
}
