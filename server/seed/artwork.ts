// Stylised studio "product shots" for the sample catalogue, drawn as SVG (there is no network to
// fetch photographs). Pure functions: the same spec and seed always give the same picture. Only
// SVG features librsvg renders well are used (gradients, paths, one Gaussian blur), and the
// picture holds no text.
import type { ArtSpec, ArtTexture } from './catalogue.ts';

type Pt = [number, number];
type Rand = () => number;

const TAU = Math.PI * 2;
const PRODUCT_W = 1200;
const PRODUCT_H = 1500;
const HERO_W = 1920;
const HERO_H = 800;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const smoothstep = (e0: number, e1: number, x: number) => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rand: Rand, lo: number, hi: number) => lo + (hi - lo) * rand();

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number];

function parseHex(hex: string, fallback: Rgb = [28, 21, 18]): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return fallback;
  let body = m[1]!;
  if (body.length === 3) body = [...body].map((c) => c + c).join('');
  const n = Number.parseInt(body, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([lerp(x[0], y[0], t), lerp(x[1], y[1], t), lerp(x[2], y[2], t)]);
}

/** Perceived lightness 0..1. */
function lightness(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const lighten = (hex: string, t: number) => mix(hex, '#ffffff', t);
const darken = (hex: string, t: number) => mix(hex, '#000000', t);

interface HairInk {
  base: string[];
  dark: string[];
  light: string[];
  shine: string[];
}

function hairInk(colours: string[]): HairInk {
  const cs = colours.length > 0 ? colours.slice(0, 3) : ['#1c1512'];
  return {
    base: cs,
    dark: cs.map((c) =>
      lightness(c) > 0.6 ? mix(c, '#5a3a1e', 0.5) : darken(c, lightness(c) < 0.12 ? 0.6 : 0.42),
    ),
    light: cs.map((c) =>
      lightness(c) < 0.12
        ? mix(c, '#a89384', 0.5)
        : lightness(c) < 0.45
          ? mix(c, '#f0c9a0', 0.42)
          : mix(c, '#fffaf0', 0.5),
    ),
    shine: cs.map((c) => (lightness(c) < 0.12 ? mix(c, '#d8cfc8', 0.62) : mix(c, '#ffffff', 0.62))),
  };
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

function num(n: number): string {
  const r = Math.round(n * 10) / 10;
  return r === 0 ? '0' : String(r);
}

/** Integers joined compactly: no space is needed before a minus sign. */
function ints(values: number[]): string {
  let out = '';
  values.forEach((value, i) => {
    const v = Math.round(value);
    const s = String(v === 0 ? 0 : v);
    out += i === 0 || v < 0 ? s : ` ${s}`;
  });
  return out;
}

/** A smooth (Catmull-Rom) curve through the points, as relative cubic Béziers on whole pixels. */
function curve(points: Pt[], close = false): string {
  if (points.length < 2) return '';
  const p = points.map(([x, y]) => [Math.round(x), Math.round(y)] as Pt);
  let d = `M${ints(p[0]!)}`;
  for (let i = 0; i < p.length - 1; i++) {
    const a = p[i - 1] ?? p[i]!;
    const b = p[i]!;
    const c = p[i + 1]!;
    const e = p[i + 2] ?? c;
    d += `c${ints([
      (c[0] - a[0]) / 6,
      (c[1] - a[1]) / 6,
      c[0] - (e[0] - b[0]) / 6 - b[0],
      c[1] - (e[1] - b[1]) / 6 - b[1],
      c[0] - b[0],
      c[1] - b[1],
    ])}`;
  }
  return close ? `${d}Z` : d;
}

function stops(list: [number, string, number?][]): string {
  return list
    .map(
      ([offset, colour, opacity]) =>
        `<stop offset="${num(offset)}" stop-color="${colour}"${opacity === undefined ? '' : ` stop-opacity="${num(opacity)}"`}/>`,
    )
    .join('');
}

/** Colour stops for a hair colour list running from root to tip (ombre when 2-3 colours). */
function ombreStops(colours: string[]): [number, string][] {
  const [a, b, c] = colours;
  if (!b) return [[0, a!]];
  if (!c) {
    return [
      [0, a!],
      [0.34, a!],
      [0.74, b],
      [1, b],
    ];
  }
  return [
    [0, a!],
    [0.24, a!],
    [0.52, b],
    [0.8, c],
    [1, c],
  ];
}

function linear(
  id: string,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  body: string,
  extra = '',
): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}"${extra}>${body}</linearGradient>`;
}

type Tone = 'base' | 'dark' | 'light' | 'shine';

/**
 * Four gradients (base, dark, light, shine) along the hair from `y1` (roots) to `y2` (tips), for
 * ombre colours. Single colours need none: see `paint`.
 */
function hairGradients(prefix: string, ink: HairInk, x1: number, y1: number, x2: number, y2: number): string {
  if (ink.base.length < 2) return '';
  return (['base', 'dark', 'light', 'shine'] as const)
    .map((tone) => linear(`${prefix}-${tone}`, x1, y1, x2, y2, stops(ombreStops(ink[tone]))))
    .join('');
}

/** The paint for a hair tone: a flat colour (cheap to rasterise) unless the hair is ombre. */
function paint(prefix: string, ink: HairInk, tone: Tone): string {
  return ink[tone].length < 2 ? ink[tone][0]! : `url(#${prefix}-${tone})`;
}

// ---------------------------------------------------------------------------------------------
// Textures

interface Wave {
  amp: number;
  period: number;
  step: number;
  jitter: number;
  harmonic: number;
  volume: number;
  curls: boolean;
  bands: number;
  strandWidth: number;
}

const WAVES: Record<ArtTexture, Wave> = {
  straight: {
    amp: 0,
    period: 400,
    step: 60,
    jitter: 0.7,
    harmonic: 0,
    volume: 1,
    curls: false,
    bands: 0,
    strandWidth: 1,
  },
  'bone-straight': {
    amp: 0,
    period: 400,
    step: 75,
    jitter: 0.25,
    harmonic: 0,
    volume: 0.92,
    curls: false,
    bands: 0,
    strandWidth: 0.85,
  },
  'body-wave': {
    amp: 30,
    period: 300,
    step: 30,
    jitter: 0.8,
    harmonic: 0,
    volume: 1.1,
    curls: false,
    bands: 1,
    strandWidth: 1.1,
  },
  'loose-wave': {
    amp: 22,
    period: 210,
    step: 24,
    jitter: 0.9,
    harmonic: 0,
    volume: 1.12,
    curls: false,
    bands: 1,
    strandWidth: 1.1,
  },
  'water-wave': {
    amp: 13,
    period: 112,
    step: 17,
    jitter: 1.2,
    harmonic: 0.35,
    volume: 1.18,
    curls: false,
    bands: 0.75,
    strandWidth: 1.2,
  },
  'deep-wave': {
    amp: 12,
    period: 72,
    step: 13,
    jitter: 1.2,
    harmonic: 0.12,
    volume: 1.22,
    curls: false,
    bands: 0.6,
    strandWidth: 1.3,
  },
  'kinky-curly': {
    amp: 7,
    period: 44,
    step: 15,
    jitter: 4,
    harmonic: 0.3,
    volume: 1.4,
    curls: true,
    bands: 0,
    strandWidth: 1.6,
  },
  'kinky-straight': {
    amp: 3,
    period: 30,
    step: 15,
    jitter: 2.6,
    harmonic: 0.4,
    volume: 1.16,
    curls: false,
    bands: 0,
    strandWidth: 1.3,
  },
  braid: {
    amp: 0,
    period: 400,
    step: 55,
    jitter: 1.4,
    harmonic: 0,
    volume: 1,
    curls: false,
    bands: 0,
    strandWidth: 0.9,
  },
};

function waveOffset(w: Wave, s: number, phase: number): number {
  if (w.amp === 0) return 0;
  const k = TAU / w.period;
  return w.amp * (Math.sin(k * s + phase) + w.harmonic * Math.sin(k * 2.37 * s + phase * 1.7));
}

/** A chain of small arcs that reads as a coiled curl, starting at (x, y) and running downward. */
function coil(x: number, y: number, r: number, pitch: number, loops: number, flip: boolean): string {
  let d = `M${ints([x, y])}`;
  const sweep = flip ? 0 : 1;
  for (let i = 0; i < loops; i++) {
    const dir = i % 2 === 0 ? 1 : -1;
    d += `a${ints([r, r])} 0 0 ${sweep}${ints([dir * 2 * r, pitch])}`;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// Studio backdrop

function studioBackdrop(bg: string, rand: Rand, defs: string[]): string {
  defs.push(
    // Linear, not radial: radial gradients over the whole canvas are slow in librsvg.
    // Vertical, so librsvg's fast path applies.
    linear(
      'bg',
      0,
      0,
      0,
      PRODUCT_H,
      stops([
        [0, lighten(bg, 0.42)],
        [0.45, lighten(bg, 0.12)],
        [0.8, bg],
        [1, darken(bg, 0.08)],
      ]),
    ),
    `<radialGradient id="shadow">${stops([
      [0, '#000000', 0.32],
      [0.55, '#000000', 0.12],
      [1, '#000000', 0],
    ])}</radialGradient>`,
  );
  const out = [`<rect width="${PRODUCT_W}" height="${PRODUCT_H}" fill="url(#bg)"/>`];
  const style = Math.floor(rand() * 3);
  const accent = lighten(bg, 0.34);
  if (style === 0) {
    // An arch, as in a boutique window.
    const w = between(rand, 330, 380);
    const cx = 600 + between(rand, -30, 30);
    out.push(
      `<path d="M${num(cx - w)} ${PRODUCT_H}V${num(180 + w)}A${num(w)} ${num(w)} 0 0 1 ${num(cx + w)} ${num(180 + w)}V${PRODUCT_H}Z" fill="${accent}" fill-opacity="0.55"/>`,
    );
  } else if (style === 1) {
    const r = between(rand, 420, 480);
    out.push(
      `<circle cx="${num(600 + between(rand, -40, 40))}" cy="${num(between(rand, 640, 720))}" r="${num(r)}" fill="${accent}" fill-opacity="0.5"/>`,
    );
  } else {
    // Two overlapping soft discs.
    out.push(
      `<circle cx="${num(between(rand, 380, 460))}" cy="${num(between(rand, 520, 600))}" r="${num(between(rand, 300, 360))}" fill="${accent}" fill-opacity="0.42"/>`,
      `<circle cx="${num(between(rand, 760, 840))}" cy="${num(between(rand, 860, 940))}" r="${num(between(rand, 300, 370))}" fill="${darken(bg, 0.06)}" fill-opacity="0.3"/>`,
    );
  }
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Shared hair rendering: a filled mass, then strands, shading, and highlights on top.

interface Strand {
  points: Pt[];
  /** 0 = left edge, 1 = right edge (used for lighting from the upper left). */
  across: number;
}

/**
 * Strands as a few compound paths: each bucket shares one width and opacity. Far cheaper for
 * librsvg to rasterise than one element per strand, and it looks the same at product sizes.
 */
function strandPaths(
  strands: Strand[],
  stroke: string,
  widthRange: [number, number],
  opacityRange: [number, number],
  rand: Rand,
  buckets = 2,
): string {
  const groups: string[][] = Array.from({ length: buckets }, () => []);
  for (const s of strands) groups[Math.floor(rand() * buckets)]!.push(curve(s.points));
  return groups
    .map((ds, i) => {
      if (ds.length === 0) return '';
      const t = buckets === 1 ? 0.5 : i / (buckets - 1);
      const width = lerp(widthRange[0], widthRange[1], 1 - t);
      const opacity = lerp(opacityRange[0], opacityRange[1], t);
      return `<path d="${ds.join('')}" stroke="${stroke}" stroke-width="${num(width)}" stroke-opacity="${num(opacity)}"/>`;
    })
    .join('');
}

/** Cuts a sub-run out of a strand, for short glints of light. */
function glint(points: Pt[], rand: Rand, minShare: number, maxShare: number): Pt[] {
  const n = points.length;
  const len = Math.max(2, Math.round(n * between(rand, minShare, maxShare)));
  const start = Math.floor(rand() * Math.max(1, n - len));
  return points.slice(start, start + len);
}

interface HairLayerInput {
  id: string;
  ink: HairInk;
  mass: string;
  strands: Strand[];
  wave: Wave;
  rand: Rand;
  /** Extent of the hair across, for the cylindrical shading. */
  x0: number;
  x1: number;
  /** Where a wave crest sits, to line up the crest bands. */
  bandsY: number;
  curlSpots?: Pt[];
  /** Axis (x1, y1, x2, y2) of a broad band of gloss across the hair. */
  sheen?: [number, number, number, number];
  /** Fewer layers, for pieces further back. */
  simple?: boolean;
}

function hairLayers(input: HairLayerInput, defs: string[]): string {
  const { id, ink, mass, strands, wave, rand, x0, x1 } = input;
  const sw = wave.strandWidth;
  defs.push(
    linear(
      `${id}-cyl`,
      x0,
      0,
      x1,
      0,
      stops([
        [0, '#000000', 0.42],
        [0.16, '#000000', 0.08],
        [0.32, '#ffffff', 0.1],
        [0.42, '#ffffff', 0.02],
        [0.62, '#000000', 0],
        [0.86, '#000000', 0.2],
        [1, '#000000', 0.48],
      ]),
    ),
  );
  const out: string[] = [];
  out.push(`<path d="${mass}" fill="${paint(id, ink, 'base')}"/>`);
  const dark = strands.filter((_, i) => i % 3 === 0);
  const mid = strands.filter((_, i) => i % 3 === 1);
  const rest = strands.filter((_, i) => i % 3 === 2);
  out.push('<g fill="none" stroke-linecap="round">');
  out.push(strandPaths(dark, paint(id, ink, 'dark'), [2.2 * sw, 4.6 * sw], [0.45, 0.8], rand));
  if (!input.simple)
    out.push(strandPaths(mid, paint(id, ink, 'base'), [1.6 * sw, 3.4 * sw], [0.6, 0.95], rand));
  out.push('</g>');
  out.push(`<path d="${mass}" fill="url(#${id}-cyl)"/>`);
  // One gloss layer: crest bands on waves, a broad sheen on straight hair, none on coils.
  if (input.sheen && wave.bands === 0 && !wave.curls && !input.simple) {
    const k = 1;
    const [sx1, sy1, sx2, sy2] = input.sheen;
    defs.push(
      linear(
        `${id}-sheen`,
        sx1,
        sy1,
        sx2,
        sy2,
        stops([
          [0, '#ffffff', 0],
          [0.38, '#ffffff', 0.12 * k],
          [0.5, '#ffffff', 0.22 * k],
          [0.62, '#ffffff', 0.1 * k],
          [1, '#ffffff', 0],
        ]),
      ),
    );
    out.push(`<path d="${mass}" fill="url(#${id}-sheen)"/>`);
  }
  if (wave.bands > 0 && !input.simple) {
    const b = wave.bands;
    defs.push(
      linear(
        `${id}-bands`,
        0,
        input.bandsY,
        0,
        input.bandsY + wave.period,
        stops([
          [0, '#ffffff', 0],
          [0.18, '#ffffff', 0.2 * b],
          [0.36, '#ffffff', 0],
          [0.6, '#000000', 0],
          [0.8, '#000000', 0.26 * b],
          [1, '#000000', 0],
        ]),
        ' spreadMethod="repeat"',
      ),
    );
    out.push(`<path d="${mass}" fill="url(#${id}-bands)"/>`);
  }
  // Light strands, biased to the lit (left) side, and short glints.
  // Light strands stop short of the tips, where hair thins out and catches no light.
  const lit = rest
    .filter((s) => s.across < 0.62 || rand() < 0.25)
    .map((s) => {
      const ys = s.points.map((p) => p[1]);
      const cut = Math.min(...ys) + 0.9 * (Math.max(...ys) - Math.min(...ys));
      return { points: s.points.filter((p) => p[1] <= cut), across: s.across };
    })
    .filter((s) => s.points.length > 1);
  out.push('<g fill="none" stroke-linecap="round">');
  out.push(strandPaths(lit, paint(id, ink, 'light'), [1 * sw, 2.2 * sw], [0.3, 0.7], rand));
  const glints = lit
    .filter((s) => !input.simple && s.across > 0.12 && s.across < 0.55)
    .map((s) => ({ points: glint(s.points, rand, 0.15, 0.4), across: s.across }));
  out.push(strandPaths(glints, paint(id, ink, 'shine'), [1 * sw, 2 * sw], [0.35, 0.8], rand));
  out.push('</g>');
  if (wave.curls && input.curlSpots) {
    const spots = input.curlSpots;
    const dk: string[] = [];
    const lt: string[] = [];
    for (const [x, y] of spots) {
      const d = coil(
        x,
        y,
        between(rand, 5, 9),
        between(rand, 9, 14),
        3 + Math.floor(rand() * 4),
        rand() < 0.5,
      );
      (rand() < 0.55 ? dk : lt).push(d);
    }
    out.push(
      `<path d="${dk.join('')}" fill="none" stroke="${paint(id, ink, 'dark')}" stroke-width="${num(3 * sw)}" stroke-opacity="0.7" stroke-linecap="round"/>`,
      `<path d="${lt.join('')}" fill="none" stroke="${paint(id, ink, 'light')}" stroke-width="${num(1.8 * sw)}" stroke-opacity="0.75" stroke-linecap="round"/>`,
    );
  }
  return out.join('');
}

/** How many strands fit the size budget when each strand has `pointsPerStrand` points. */
function strandCount(budget: number, pointsPerStrand: number, lo: number, hi: number): number {
  return Math.round(clamp(budget / Math.max(1, pointsPerStrand), lo, hi));
}

// ---------------------------------------------------------------------------------------------
// Bundle: hair hanging from a sewn weft, gathered under a satin band.

const BAND_COLOURS = ['#c9a45c', '#d98b9c', '#f3ede2', '#2b2424', '#9c7bb8', '#7fa79a'];

function bundle(
  id: string,
  ink: HairInk,
  wave: Wave,
  rand: Rand,
  opts: { length: number; budget: number; maxStrands: number; band: string; tag: boolean; back?: boolean },
  defs: string[],
): string {
  const L = opts.length;
  const vol = wave.volume;
  const keys: [number, number][] = [
    [0, 112],
    [0.05, 106],
    [0.12, 76],
    [0.24, 112],
    [0.5, 136 * vol],
    [0.8, 134 * vol],
    [1, 104 * vol],
  ];
  const hw = (t: number) => {
    for (let i = 0; i < keys.length - 1; i++) {
      const [ta, wa] = keys[i]!;
      const [tb, wb] = keys[i + 1]!;
      if (t <= tb) return lerp(wa, wb, smoothstep(ta, tb, t));
    }
    return keys[keys.length - 1]![1];
  };
  const phase = rand() * TAU;
  const ramp = (t: number) => smoothstep(0.12, 0.32, t);
  const pointsPer = Math.ceil(L / wave.step);
  const n = strandCount(opts.budget, pointsPer, 16, opts.maxStrands);
  const strands: Strand[] = [];
  for (let i = 0; i < n; i++) {
    const u = (-1 + (2 * (i + rand())) / n) * 0.98;
    const endT = 1 - rand() * 0.06 - u * u * 0.1;
    const ph = phase + (rand() - 0.5) * 0.5;
    const ampMul = 0.8 + rand() * 0.35;
    const pts: Pt[] = [];
    const steps = Math.max(3, Math.ceil((endT * L) / wave.step));
    for (let k = 0; k <= steps; k++) {
      const t = 0.01 + ((endT - 0.01) * k) / steps;
      const tipPull = smoothstep(0.88, 1, t / endT) * 0.18;
      const x = u * hw(t) * (1 - tipPull) + waveOffset(wave, t * L, ph) * ramp(t) * ampMul;
      pts.push([x + (rand() - 0.5) * wave.jitter * 2, t * L]);
    }
    strands.push({ points: pts, across: (u + 1) / 2 });
  }
  const edge = (side: -1 | 1, from: number, to: number): Pt[] => {
    const pts: Pt[] = [];
    const steps = Math.ceil(((to - from) * L) / wave.step);
    for (let k = 0; k <= steps; k++) {
      const t = from + ((to - from) * k) / steps;
      pts.push([side * hw(t) * 0.97 + waveOffset(wave, t * L, phase) * ramp(t), t * L]);
    }
    return pts;
  };
  const outline = (from: number) => {
    const left = edge(-1, from, 0.95);
    const right = edge(1, from, 0.95).reverse();
    return curve([...left, ...right], true);
  };
  const mass = outline(0);
  const curlSpots: Pt[] = [];
  if (wave.curls) {
    for (let i = 0; i < 130; i++) {
      const t = between(rand, 0.2, 0.92);
      const u = between(rand, -0.95, 0.95);
      curlSpots.push([u * hw(t) + waveOffset(wave, t * L, phase) * ramp(t) - 8, t * L]);
    }
  }
  defs.push(hairGradients(id, ink, 0, 0, 0, L));
  const out: string[] = [];
  out.push(
    hairLayers(
      {
        id,
        ink,
        mass,
        strands,
        wave,
        rand,
        x0: -165 * vol,
        x1: 165 * vol,
        bandsY: (-phase / TAU) * wave.period,
        curlSpots,
        sheen: [-60, 0.2 * L, 60, 0.62 * L],
        simple: opts.back,
      },
      defs,
    ),
  );
  // Weft track with stitching.
  out.push(
    `<rect x="-120" y="-20" width="240" height="30" rx="12" fill="${paint(id, ink, 'dark')}"/>`,
    `<rect x="-120" y="-20" width="240" height="12" rx="6" fill="#ffffff" fill-opacity="0.12"/>`,
    `<path d="M-108 -4H108" stroke="${ink.light[0]}" stroke-width="2" stroke-dasharray="7 6" stroke-opacity="0.6"/>`,
  );
  // Satin band gathering the hair.
  const by = 0.12 * L;
  const bw = 96;
  const bandId = `${id}-satin`;
  defs.push(
    linear(
      bandId,
      0,
      by - 26,
      0,
      by + 26,
      stops([
        [0, lighten(opts.band, 0.45)],
        [0.35, opts.band],
        [0.7, darken(opts.band, 0.12)],
        [1, darken(opts.band, 0.3)],
      ]),
    ),
  );
  out.push(
    `<path d="M${-bw} ${num(by - 22)}Q0 ${num(by - 10)} ${bw} ${num(by - 22)}L${bw + 4} ${num(by + 18)}Q0 ${num(by + 32)} ${-bw - 4} ${num(by + 18)}Z" fill="url(#${bandId})"/>`,
    `<path d="M${-bw + 6} ${num(by - 14)}Q0 ${num(by - 3)} ${bw - 6} ${num(by - 14)}" stroke="#ffffff" stroke-width="3" fill="none" stroke-opacity="0.45"/>`,
  );
  if (opts.tag) {
    // A blank swing tag on a cord.
    const tx = bw - 10;
    out.push(
      `<path d="M${tx} ${num(by + 10)}q26 40 14 92" stroke="${darken(opts.band, 0.3)}" stroke-width="2.5" fill="none"/>`,
      `<g transform="translate(${tx + 14} ${num(by + 100)}) rotate(-8)"><rect x="-30" y="0" width="60" height="92" rx="8" fill="#fbf7f1"/><rect x="-30" y="66" width="60" height="26" rx="0" fill="${opts.band}" fill-opacity="0.85"/><circle cx="0" cy="12" r="5" fill="${darken(opts.band, 0.2)}"/></g>`,
    );
  }
  return out.join('');
}

function bundleArt(spec: ArtSpec, wave: Wave, rand: Rand, defs: string[]): string {
  const ink = hairInk(spec.colours);
  const band = BAND_COLOURS[Math.floor(rand() * BAND_COLOURS.length)]!;
  const backInk = hairInk(spec.colours.map((c) => darken(c, 0.14)));
  const out: string[] = [];
  const tilt = between(rand, 8, 14);
  const spread = between(rand, 215, 250);
  const backs = [
    { x: 600 - spread, y: 300, a: -tilt, s: 0.86 },
    { x: 600 + spread, y: 290 + between(rand, -20, 20), a: tilt * between(rand, 0.8, 1.15), s: 0.86 },
  ];
  out.push(`<ellipse cx="600" cy="1345" rx="${num(400 * wave.volume)}" ry="50" fill="url(#shadow)"/>`);
  backs.forEach((b, i) => {
    out.push(
      `<g transform="translate(${num(b.x)} ${num(b.y)}) rotate(${num(b.a)}) scale(${b.s})">${bundle(`b${i}`, backInk, wave, rand, { length: 1000, budget: 800, maxStrands: 24, band, tag: false, back: true }, defs)}</g>`,
    );
  });
  out.push(
    `<g transform="translate(${num(600 + between(rand, -12, 12))} 220)">${bundle('b2', ink, wave, rand, { length: 1060, budget: 2200, maxStrands: 60, band, tag: true }, defs)}</g>`,
  );
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Wig on a mannequin bust.

const MANNEQUIN_TONES = ['#8a5a3e', '#6f4530', '#a36f4f', '#c99b7a', '#5a3a2c'];

function sampleSpline(ctrl: Pt[], step: number): { pts: Pt[]; s: number[] } {
  const pts: Pt[] = [];
  const s: number[] = [];
  let acc = 0;
  for (let i = 0; i < ctrl.length - 1; i++) {
    const a = ctrl[i - 1] ?? ctrl[i]!;
    const b = ctrl[i]!;
    const c = ctrl[i + 1]!;
    const e = ctrl[i + 2] ?? c;
    const segLen = Math.hypot(c[0] - b[0], c[1] - b[1]);
    const n = Math.max(1, Math.ceil(segLen / step));
    for (let k = i === 0 ? 0 : 1; k <= n; k++) {
      const t = k / n;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (pa: number, pb: number, pc: number, pe: number) =>
        0.5 *
        (2 * pb + (-pa + pc) * t + (2 * pa - 5 * pb + 4 * pc - pe) * t2 + (-pa + 3 * pb - 3 * pc + pe) * t3);
      const p: Pt = [f(a[0], b[0], c[0], e[0]), f(a[1], b[1], c[1], e[1])];
      const prev = pts[pts.length - 1];
      if (prev) acc += Math.hypot(p[0] - prev[0], p[1] - prev[1]);
      pts.push(p);
      s.push(acc);
    }
  }
  return { pts, s };
}

function wigArt(spec: ArtSpec, wave: Wave, rand: Rand, defs: string[]): string {
  const ink = hairInk(spec.colours);
  const tone = MANNEQUIN_TONES[Math.floor(rand() * MANNEQUIN_TONES.length)]!;
  const vol = wave.volume;
  const curly = wave.curls;
  const bottom = curly ? between(rand, 1000, 1080) : between(rand, 1190, 1270);
  const out: string[] = [];
  defs.push(
    `<radialGradient id="skin" cx="0.42" cy="0.35" r="0.75">${stops([
      [0, lighten(tone, 0.22)],
      [0.55, tone],
      [1, darken(tone, 0.35)],
    ])}</radialGradient>`,
    linear(
      'skinBody',
      300,
      860,
      1000,
      1500,
      stops([
        [0, lighten(tone, 0.14)],
        [0.45, tone],
        [1, darken(tone, 0.4)],
      ]),
    ),
    linear(
      'neckShade',
      0,
      660,
      0,
      860,
      stops([
        [0, '#000000', 0.45],
        [0.5, '#000000', 0.15],
        [1, '#000000', 0],
      ]),
    ),
    hairGradients('wb', ink, 0, 260, 0, bottom),
    hairGradients('wl', ink, 0, 260, 0, bottom),
    hairGradients('wr', ink, 0, 260, 0, bottom),
  );

  // Hair at the back, seen between the neck and the front sections.
  const phase = rand() * TAU;
  const backOutline: Pt[] = [];
  const backSteps = Math.ceil((bottom - 420) / wave.step);
  for (let k = 0; k <= backSteps; k++) {
    const y = lerp(420, bottom - 70, k / backSteps);
    const spreadX = lerp(150, 205, smoothstep(600, 1000, y)) * vol;
    backOutline.push([600 - spreadX + waveOffset(wave, y, phase) * smoothstep(650, 800, y), y]);
  }
  const backRight = backOutline.map(([x, y]) => [1200 - x, y] as Pt).reverse();
  out.push(`<path d="${curve([...backOutline, ...backRight], true)}" fill="${paint('wb', ink, 'dark')}"/>`);
  const backStrands: string[] = [];
  for (let i = 0; i < 24; i++) {
    const x0 = between(rand, 470, 730);
    const pts: Pt[] = [];
    for (let y = 560; y <= bottom - 60; y += wave.step) {
      pts.push([
        x0 +
          (x0 - 600) * 0.25 * smoothstep(600, 1000, y) +
          waveOffset(wave, y, phase) * smoothstep(650, 800, y),
        y,
      ]);
    }
    backStrands.push(curve(pts));
  }
  out.push(
    `<path d="${backStrands.join('')}" fill="none" stroke="${paint('wb', ink, 'base')}" stroke-width="${num(3 * wave.strandWidth)}" stroke-opacity="0.55"/>`,
  );

  // Mannequin: shoulders, neck, head and a serene, minimal face.
  const line = darken(tone, 0.5);
  const lip = mix(tone, '#6b1f2a', 0.38);
  out.push(
    `<path d="M528 760C526 860 500 900 420 930C300 968 200 1010 170 1150L138 1500H1062L1030 1150C1000 1010 900 968 780 930C700 900 674 860 672 760Z" fill="url(#skinBody)"/>`,
    `<path d="M430 1010Q520 1040 580 1020M620 1020Q680 1040 770 1010" stroke="${lighten(tone, 0.3)}" stroke-width="5" fill="none" stroke-opacity="0.35" stroke-linecap="round"/>`,
    `<path d="M528 700C528 760 530 820 526 870C560 900 640 900 674 870C670 820 672 760 672 700Z" fill="url(#neckShade)"/>`,
    `<ellipse cx="600" cy="500" rx="158" ry="206" fill="url(#skin)"/>`,
    `<path d="M470 600Q600 760 730 600Q700 706 600 712Q500 706 470 600Z" fill="#000000" fill-opacity="0.08"/>`,
    `<path d="M522 480Q550 464 582 476M618 476Q650 464 678 480" stroke="${line}" stroke-width="6" fill="none" stroke-opacity="0.55" stroke-linecap="round"/>`,
    `<path d="M530 516Q553 532 576 516M624 516Q647 532 670 516" stroke="${line}" stroke-width="4.5" fill="none" stroke-opacity="0.8" stroke-linecap="round"/>`,
    `<path d="M538 523l-5 8M553 527l-1 9M567 523l4 8M633 523l-4 8M647 527l1 9M662 523l5 8" stroke="${line}" stroke-width="3" stroke-opacity="0.7" stroke-linecap="round"/>`,
    `<path d="M598 548Q592 585 586 598Q598 608 614 598" stroke="${line}" stroke-width="3.5" fill="none" stroke-opacity="0.4" stroke-linecap="round"/>`,
    `<path d="M562 640Q581 628 600 636Q619 628 638 640Q600 648 562 640Z" fill="${lip}"/>`,
    `<path d="M564 641Q600 672 636 641Q600 650 564 641Z" fill="${lighten(lip, 0.1)}"/>`,
    `<ellipse cx="545" cy="420" rx="55" ry="80" fill="#ffffff" fill-opacity="0.06"/>`,
  );

  // Front sections: strands run from the parting, over the head, then fall past the shoulders.
  const inner: Pt[] = [
    [604, 394],
    [650, 400],
    [698, 440],
    [724, 520],
    [734, 640],
    [748, 790],
    [768, 930],
    [786, 1080],
    [796, bottom],
  ];
  const v = vol - 1;
  const outer: Pt[] = [
    [604, 250 - 40 * v],
    [706, 258 - 40 * v],
    [796 + 40 * v, 340],
    [826 + 70 * v, 480],
    [838 + 90 * v, 630],
    [866 + 110 * v, 790],
    [896 + 120 * v, 940],
    [912 + 120 * v, 1090],
    [916 + 120 * v, bottom],
  ];
  // Curly hair shrinks: pull the lower control points up so they stay in order.
  if (curly) {
    for (const pts of [inner, outer]) {
      for (let i = 5; i < pts.length; i++) pts[i]![1] = lerp(pts[4]![1], bottom, (i - 4) / (pts.length - 5));
    }
  }
  const jawS = 420; // roughly where the hair leaves the head and starts to fall
  const section = (side: 'l' | 'r'): string => {
    const sign = side === 'r' ? 1 : -1;
    const flip = (p: Pt): Pt => (side === 'r' ? p : [1200 - p[0], p[1]]);
    const sectionPhase = phase + (side === 'r' ? 0 : Math.PI * 0.6);
    const make = (u: number, endCut: number, ph: number, jitter: number, bumpy = false) => {
      const ctrl = inner.map((p, i) => {
        const q = outer[i]!;
        const c: Pt = [lerp(p[0], q[0], u), lerp(p[1], q[1], u)];
        if (i === inner.length - 1) c[1] -= endCut;
        if (i > 0) c[0] += (rand() - 0.5) * jitter;
        return c;
      });
      const { pts, s } = sampleSpline(ctrl, wave.step);
      return pts.map((p, k) => {
        const sk = s[k]!;
        const fall = smoothstep(jawS - 60, jawS + 160, sk);
        let w = waveOffset(wave, sk, ph) * (0.18 + 0.82 * fall);
        if (bumpy) w += Math.sin(sk * 0.21 + ph) * 9 * (0.3 + 0.7 * fall);
        return flip([p[0] + w * sign, p[1]]);
      });
    };
    const massInner = make(0.02, 50, sectionPhase, 0, curly);
    const massOuter = make(0.98, 50, sectionPhase, 0, curly).reverse();
    const mass = curve([...massInner, ...massOuter], true);
    const perStrand = (bottom + 240) / wave.step;
    const n = strandCount(1500, perStrand, 24, 56);
    const strands: Strand[] = [];
    for (let i = 0; i < n; i++) {
      const u = (i + rand()) / n;
      const cut = rand() * 70 + (u > 0.8 ? rand() * 60 : 0);
      const ph = sectionPhase + (rand() - 0.5) * 0.5;
      strands.push({
        points: make(u, cut - 10, ph, 6),
        across: side === 'r' ? 0.25 + u * 0.75 : 0.75 - u * 0.75,
      });
    }
    const curlSpots: Pt[] = [];
    if (curly) {
      for (let i = 0; i < 170; i++) {
        const st = strands[Math.floor(rand() * strands.length)]!;
        const p = st.points[Math.floor(between(rand, 0.02, 0.97) * st.points.length)]!;
        curlSpots.push([p[0] - 6, p[1] - 10]);
      }
    }
    const xa = side === 'r' ? 520 : 680 - 400 * vol;
    const xb = side === 'r' ? 520 + 400 * vol : 680;
    return hairLayers(
      {
        id: `w${side}`,
        ink,
        mass,
        strands,
        wave,
        rand,
        x0: xa,
        x1: xb,
        bandsY: (-sectionPhase / TAU) * wave.period + jawS,
        curlSpots,
        sheen: [side === 'r' ? 560 : 640, 300, side === 'r' ? 720 : 480, 760],
      },
      defs,
    );
  };
  out.push(section('l'), section('r'));
  // The parting: a sliver of scalp under the lace, and a soft crown shine.
  const top = outer[0]![1];
  out.push(
    `<path d="M598 ${num(top + 4)}Q600 330 597 396L603 396Q600 330 602 ${num(top + 4)}Z" fill="${lighten(tone, 0.25)}" fill-opacity="0.8"/>`,
    `<path d="M${num(600 - 175 * vol)} 390Q600 ${num(230 - 60 * v)} ${num(600 + 175 * vol)} 390" fill="none" stroke="${ink.shine[0]}" stroke-width="22" stroke-opacity="0.12" stroke-linecap="round"/>`,
  );
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Lace frontal / closure: a translucent lace panel with hair hanging from it.

function frontalArt(spec: ArtSpec, wave: Wave, rand: Rand, defs: string[]): string {
  const ink = hairInk(spec.colours);
  const out: string[] = [];
  const lace = ['#e7c7a6', '#d4a982', '#c39170', '#eed8c2'][Math.floor(rand() * 4)]!;
  const halfW = between(rand, 300, 345);
  const topY = 300;
  const arch = between(rand, 140, 180);
  const depth = between(rand, 100, 122);
  const vol = wave.volume;
  const curly = wave.curls;
  const bottom = curly ? between(rand, 1120, 1180) : between(rand, 1260, 1300);
  const xL = 600 - halfW;
  const xR = 600 + halfW;
  // Both edges of the lace are symmetric quadratics, so y is a simple function of x.
  const quad = (x: number, yEnds: number, yMid: number) => {
    const t = (x - xL) / (2 * halfW);
    const ctrl = 2 * yMid - yEnds;
    return (1 - t) * (1 - t) * yEnds + 2 * t * (1 - t) * ctrl + t * t * yEnds;
  };
  const laceTop = (x: number) => quad(x, topY + arch, topY);
  const laceBottom = (x: number) => quad(x, topY + arch + depth, topY + depth);
  const phase = rand() * TAU;
  const profile = (t: number) =>
    (1 + 0.05 * Math.sin(Math.PI * Math.min(1, t * 1.8)) - 0.36 * smoothstep(0.3, 1, t)) *
    (1 + (vol - 1) * 0.8 * t);
  const hang = (x0: number, ph: number, endCut: number, jitter: number, bumpy = false): Pt[] => {
    const y0 = laceBottom(x0) - 14;
    const pts: Pt[] = [];
    const yEnd = bottom - endCut;
    const steps = Math.max(3, Math.ceil((yEnd - y0) / wave.step));
    for (let k = 0; k <= steps; k++) {
      const y = lerp(y0, yEnd, k / steps);
      const t = (y - y0) / (bottom - y0);
      const fall = smoothstep(0, 0.25, t);
      let x = 600 + (x0 - 600) * profile(t) + waveOffset(wave, y - y0 + 160, ph) * fall;
      if (bumpy) x += Math.sin(y * 0.2 + ph) * 8 * fall;
      pts.push([x + (k > 0 ? (rand() - 0.5) * jitter : 0), y]);
    }
    return pts;
  };
  defs.push(hairGradients('fh', ink, 0, topY + depth, 0, bottom));
  // Outer hair is a little shorter than the centre, so the ends form a soft curve.
  const cutAt = (u: number) => 40 + (Math.abs(u - 0.5) * 2) ** 2 * 110;
  const edgeL = hang(xL + 16, phase, cutAt(0) + 30, 0, curly);
  const edgeR = hang(xR - 16, phase, cutAt(1) + 30, 0, curly);
  const tipY = (u: number) => bottom - cutAt(u) - 30;
  const bottomMid: Pt[] = [0.3, 0.5, 0.7].map((u) => [
    600 + (lerp(xL, xR, u) - 600) * profile(1) + waveOffset(wave, bottom - topY, phase),
    tipY(u),
  ]);
  const hairline: Pt[] = [];
  for (let k = 1; k < 10; k++) {
    const x = lerp(xR - 16, xL + 16, k / 10);
    hairline.push([x, laceBottom(x) - 14]);
  }
  const mass = curve([...edgeL, ...bottomMid, ...edgeR.reverse(), ...hairline], true);
  const perStrand = (bottom - 480) / wave.step;
  const n = strandCount(3200, perStrand, 30, 110);
  const strands: Strand[] = [];
  for (let i = 0; i < n; i++) {
    const u = (i + rand()) / n;
    const x0 = lerp(xL + 12, xR - 12, u);
    strands.push({
      points: hang(x0, phase + (rand() - 0.5) * 0.5, cutAt(u) - 20 + rand() * 80, wave.jitter * 2),
      across: u,
    });
  }
  const curlSpots: Pt[] = [];
  if (curly) {
    for (let i = 0; i < 230; i++) {
      const st = strands[Math.floor(rand() * strands.length)]!;
      const p = st.points[Math.floor(between(rand, 0.03, 0.97) * st.points.length)]!;
      curlSpots.push([p[0] - 6, p[1] - 10]);
    }
  }
  out.push(
    `<ellipse cx="600" cy="${num(bottom + 60)}" rx="${num(halfW * 1.1 * vol)}" ry="44" fill="url(#shadow)"/>`,
  );
  out.push(
    hairLayers(
      {
        id: 'fh',
        ink,
        mass,
        strands,
        wave,
        rand,
        x0: xL - 40 * vol,
        x1: xR + 40 * vol,
        bandsY: (-phase / TAU) * wave.period + topY + depth - 160,
        curlSpots,
        sheen: [560, topY + depth + 60, 660, topY + depth + 520],
      },
      defs,
    ),
  );
  // The lace band: translucent, with a fine mesh, knots and hair showing through near the hairline.
  const yEnd = topY + arch;
  const topCtrl = 2 * topY - yEnd;
  const lowEnd = topY + arch + depth;
  const lowCtrl = 2 * (topY + depth) - lowEnd;
  const lacePath = `M${num(xL)} ${num(yEnd)}Q600 ${num(topCtrl)} ${num(xR)} ${num(yEnd)}C${num(xR + 26)} ${num(yEnd + 10)} ${num(xR + 24)} ${num(lowEnd - 6)} ${num(xR)} ${num(lowEnd)}Q600 ${num(lowCtrl)} ${num(xL)} ${num(lowEnd)}C${num(xL - 24)} ${num(lowEnd - 6)} ${num(xL - 26)} ${num(yEnd + 10)} ${num(xL)} ${num(yEnd)}Z`;
  defs.push(
    linear(
      'laceTone',
      0,
      topY,
      0,
      lowEnd,
      stops([
        [0, lighten(lace, 0.4), 0.85],
        [1, lace, 0.92],
      ]),
    ),
    linear(
      'laceHair',
      0,
      topY + 10,
      0,
      topY + depth + 20,
      stops([
        [0, ink.base[0]!, 0],
        [0.6, ink.base[0]!, 0.1],
        [1, ink.base[0]!, 0.34],
      ]),
    ),
  );
  out.push(
    `<path d="${lacePath}" fill="url(#laceTone)"/>`,
    `<path d="${lacePath}" fill="url(#laceHair)"/>`,
    `<path d="${lacePath}" fill="none" stroke="${lighten(lace, 0.55)}" stroke-width="3" stroke-opacity="0.9"/>`,
  );
  // Knots, denser toward the hairline edge where the hair leaves the lace.
  const knots: string[] = [];
  for (let i = 0; i < 320; i++) {
    const x = between(rand, xL + 14, xR - 14);
    const yTop = laceTop(x);
    const yBot = laceBottom(x);
    const y = lerp(yTop + 22, yBot - 4, 1 - rand() ** 2.2);
    knots.push(`M${num(x)} ${num(y)}l${num(between(rand, -1.5, 1.5))} ${num(between(rand, 3, 6))}`);
  }
  out.push(
    `<path d="${knots.join('')}" stroke="${ink.dark[0]}" stroke-width="1.7" stroke-linecap="round" stroke-opacity="0.6"/>`,
  );
  // Baby hairs along the hairline for a natural, plucked look.
  const baby: string[] = [];
  for (let i = 0; i < 80; i++) {
    const x = between(rand, xL + 30, xR - 30);
    const y = laceBottom(x) - between(rand, 4, 16);
    baby.push(
      `M${num(x)} ${num(y)}q${num(between(rand, -6, 6))} ${num(between(rand, 8, 14))} ${num(between(rand, -4, 4))} ${num(between(rand, 18, 30))}`,
    );
  }
  out.push(
    `<path d="${baby.join('')}" stroke="${paint('fh', ink, 'base')}" stroke-width="1.6" fill="none" stroke-opacity="0.8"/>`,
  );
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Braiding hair: folded hanks of pre-stretched hair with a paper band.

function hank(
  id: string,
  ink: HairInk,
  wave: Wave,
  rand: Rand,
  opts: { budget: number; maxStrands: number; band: string; length: number; back?: boolean },
  defs: string[],
): string {
  const rIn = 18;
  const rOut = 118;
  const L = opts.length;
  const legCentre = (rIn + rOut) / 2;
  const strands: Strand[] = [];
  const n = strandCount(opts.budget, (2 * L) / wave.step + 8, 16, opts.maxStrands);
  const leg = (sign: 1 | -1, r: number, end: number): Pt[] => {
    const pts: Pt[] = [];
    const steps = Math.ceil(end / wave.step);
    for (let k = 0; k <= steps; k++) {
      const y = (end * k) / steps;
      const taper = smoothstep(L * 0.5, L, y) * 0.9;
      const x = sign * lerp(r, legCentre, taper) + (k > 0 ? (rand() - 0.5) * wave.jitter * 2 : 0);
      pts.push([x, y]);
    }
    return pts;
  };
  for (let i = 0; i < n; i++) {
    const u = (i + rand()) / n;
    const r = lerp(rIn + 2, rOut - 2, u);
    const endL = L * (1 - rand() * 0.2);
    const endR = L * (1 - rand() * 0.2);
    const arc: Pt[] = [];
    for (let k = 1; k < 8; k++) {
      const a = Math.PI + (Math.PI * k) / 8;
      arc.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    const pts = [...leg(-1, r, endL).reverse(), ...arc, ...leg(1, r, endR)];
    strands.push({ points: pts, across: u * 0.5 + (rand() < 0.5 ? 0 : 0.5) });
  }
  const outline: Pt[] = [];
  const massEnd = L * 0.84;
  const outerLeg = (sign: 1 | -1, r: number) => leg(sign, r, massEnd).map(([x, y]) => [x, y] as Pt);
  const topArc = (r: number, reverse: boolean): Pt[] => {
    const pts: Pt[] = [];
    for (let k = 1; k < 12; k++) {
      const a = Math.PI + (Math.PI * k) / 12;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    return reverse ? pts.reverse() : pts;
  };
  // Each leg ends in a feathered point.
  const tip = (sign: 1 | -1): Pt => [sign * legCentre, L * 0.97];
  outline.push(...outerLeg(-1, rOut).reverse(), ...topArc(rOut, false), ...outerLeg(1, rOut), tip(1));
  outline.push(...outerLeg(1, rIn).reverse(), ...topArc(rIn, true), ...outerLeg(-1, rIn), tip(-1));
  const mass = curve(outline, true);
  defs.push(hairGradients(id, ink, 0, -rOut, 0, L));
  const out: string[] = [];
  out.push(
    hairLayers(
      {
        id,
        ink,
        mass,
        strands,
        wave,
        rand,
        x0: -rOut - 10,
        x1: rOut + 10,
        bandsY: 0,
        sheen: [-40, 0.22 * L, 40, 0.62 * L],
        simple: opts.back,
      },
      defs,
    ),
  );
  // Paper band with printed stripes (no text), wrapped round both legs.
  const by = 0.2 * L;
  const bw = rOut + 14;
  const bh = 96;
  defs.push(
    linear(
      `${id}-paper`,
      -bw,
      0,
      bw,
      0,
      stops([
        [0, '#d9d2c8'],
        [0.25, '#fffdf9'],
        [0.6, '#f6f1ea'],
        [1, '#cfc7bb'],
      ]),
    ),
  );
  const bandShape = `M${-bw} ${num(by)}Q0 ${num(by + 14)} ${bw} ${num(by)}V${num(by + bh)}Q0 ${num(by + bh + 14)} ${-bw} ${num(by + bh)}Z`;
  out.push(
    `<path d="${bandShape}" fill="url(#${id}-paper)"/>`,
    `<path d="M${-bw} ${num(by + 18)}Q0 ${num(by + 32)} ${bw} ${num(by + 18)}V${num(by + 30)}Q0 ${num(by + 44)} ${-bw} ${num(by + 30)}Z" fill="${opts.band}"/>`,
    `<path d="M${-bw} ${num(by + 64)}Q0 ${num(by + 78)} ${bw} ${num(by + 64)}V${num(by + 70)}Q0 ${num(by + 84)} ${-bw} ${num(by + 70)}Z" fill="${opts.band}" fill-opacity="0.7"/>`,
    `<ellipse cx="0" cy="${num(by + 50)}" rx="26" ry="14" fill="${opts.band}" fill-opacity="0.25"/>`,
  );
  return out.join('');
}

function braidArt(spec: ArtSpec, wave: Wave, rand: Rand, defs: string[]): string {
  const ink = hairInk(spec.colours);
  const band = ['#d94f7a', '#2f7f78', '#7a4fb0', '#c9802f', '#3d6fb4'][Math.floor(rand() * 5)]!;
  const backInk = hairInk(spec.colours.map((c) => darken(c, 0.14)));
  const out: string[] = [];
  const tilt = between(rand, 10, 16);
  const spread = between(rand, 190, 230);
  const backs = [
    { x: 600 - spread, y: 330, a: tilt, s: 0.88 },
    { x: 600 + spread, y: 320 + between(rand, -20, 20), a: -tilt * between(rand, 0.8, 1.15), s: 0.88 },
  ];
  out.push(`<ellipse cx="600" cy="1340" rx="380" ry="48" fill="url(#shadow)"/>`);
  backs.forEach((b, i) => {
    out.push(
      `<g transform="translate(${num(b.x)} ${num(b.y)}) rotate(${num(b.a)}) scale(${b.s})">${hank(`h${i}`, backInk, wave, rand, { budget: 800, maxStrands: 18, band, length: 960, back: true }, defs)}</g>`,
    );
  });
  out.push(
    `<g transform="translate(${num(600 + between(rand, -10, 10))} 270)">${hank('h2', ink, wave, rand, { budget: 2000, maxStrands: 42, band, length: 1010 }, defs)}</g>`,
  );
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Public API

function svgDocument(width: number, height: number, defs: string[], body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${body}</svg>`;
}

/** A 1200 x 1500 studio-style product picture for the artwork spec. */
export function productArtworkSvg(spec: ArtSpec, seed: number): string {
  const rand = mulberry32(
    hashString(`${seed}|${spec.kind}|${spec.texture}|${spec.colours.join(',')}|${spec.background}`),
  );
  const wave = WAVES[spec.texture] ?? WAVES.straight;
  const background = `#${parseHex(spec.background, [240, 228, 216])
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
  const safe: ArtSpec = { ...spec, background };
  const defs: string[] = [];
  const body: string[] = [studioBackdrop(background, rand, defs)];
  switch (spec.kind) {
    case 'bundle':
      body.push(bundleArt(safe, wave, rand, defs));
      break;
    case 'wig':
      body.push(wigArt(safe, wave, rand, defs));
      break;
    case 'frontal':
      body.push(frontalArt(safe, wave, rand, defs));
      break;
    case 'braid':
      body.push(braidArt(safe, wave, rand, defs));
      break;
  }
  return svgDocument(PRODUCT_W, PRODUCT_H, defs, body.join(''));
}

/**
 * A 1920 x 800 hero banner: a soft gradient with a sweep of flowing, glossy hair on the right,
 * leaving the left calm for the headline. Palette: [background from, background to, hair root,
 * accent, optional hair tip].
 */
export function heroArtworkSvg(palette: string[], seed: number): string {
  const rand = mulberry32(hashString(`hero|${seed}|${palette.join(',')}`));
  const [c0 = '#2a1a14', c1 = '#6b3f2a', root = '#1c1512', accent = '#c8935a', tip] = palette;
  const ink = hairInk(tip ? [root, tip] : [root]);
  const wave = WAVES['body-wave'];
  const defs: string[] = [
    linear(
      'hbg',
      0,
      0,
      HERO_W,
      HERO_H,
      stops([
        [0, c0],
        [0.6, mix(c0, c1, 0.65)],
        [1, c1],
      ]),
    ),
    `<radialGradient id="glow">${stops([
      [0, lighten(accent, 0.45), 0.5],
      [0.55, accent, 0.14],
      [1, accent, 0],
    ])}</radialGradient>`,
    hairGradients('hh', ink, 0, -60, 0, HERO_H + 60),
  ];
  const out: string[] = [`<rect width="${HERO_W}" height="${HERO_H}" fill="url(#hbg)"/>`];
  for (let i = 0; i < 8; i++) {
    out.push(
      `<circle cx="${num(between(rand, 620, 1250))}" cy="${num(between(rand, 60, 740))}" r="${num(between(rand, 50, 170))}" fill="url(#glow)"/>`,
    );
  }
  out.push(
    `<circle cx="${num(between(rand, 1080, 1180))}" cy="${num(between(rand, 360, 440))}" r="330" fill="none" stroke="${lighten(accent, 0.3)}" stroke-width="2" stroke-opacity="0.35"/>`,
  );
  // The lock sweeps in an S from the top edge to the bottom edge.
  const phase = rand() * TAU;
  const sweep = between(rand, 150, 200);
  const spine = (u: number, y: number) => {
    const t = (y + 60) / (HERO_H + 120);
    return lerp(1230, 2010, u) + sweep * Math.sin(Math.PI * (t * 1.4 - 0.2)) * (1 - 0.35 * u);
  };
  const edge = (u: number, ph: number, jitter: number): Pt[] => {
    const pts: Pt[] = [];
    for (let y = -60; y <= HERO_H + 60; y += wave.step) {
      pts.push([spine(u, y) + waveOffset(wave, y + 400, ph) + (rand() - 0.5) * jitter, y]);
    }
    return pts;
  };
  const left = edge(0, phase, 0);
  const mass = curve([...left, [2000, HERO_H + 60], [2000, -60]], true);
  const strands: Strand[] = [];
  const n = 110;
  for (let i = 0; i < n; i++) {
    const u = (i + rand()) / n;
    strands.push({ points: edge(u, phase + (rand() - 0.5) * 0.4, wave.jitter * 2), across: u });
  }
  // Two echoes of the wave behind the hair, for depth.
  out.push(
    `<path d="${mass}" fill="${lighten(accent, 0.2)}" fill-opacity="0.12" transform="translate(-120 0)"/>`,
    `<path d="${mass}" fill="${accent}" fill-opacity="0.2" transform="translate(-56 0)"/>`,
  );
  out.push(
    hairLayers(
      {
        id: 'hh',
        ink,
        mass,
        strands,
        wave,
        rand,
        x0: 1150,
        x1: 2100,
        bandsY: (-phase / TAU) * wave.period - 400,
        sheen: [1300, 120, 1700, 560],
      },
      defs,
    ),
  );
  // Keep the left calm for headline text.
  defs.push(
    linear(
      'veil',
      0,
      0,
      1000,
      0,
      stops([
        [0, c0, 0.5],
        [1, c0, 0],
      ]),
    ),
  );
  out.push(`<rect width="1000" height="${HERO_H}" fill="url(#veil)"/>`);
  return svgDocument(HERO_W, HERO_H, defs, out.join(''));
}
