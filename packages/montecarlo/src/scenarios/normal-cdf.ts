/**
 * The standard normal distribution function Φ(x), by W. J. Cody's rational Chebyshev
 * approximations (Math. Comp. 1969; the ANORM routine of ACM TOMS Algorithm 715, 1993), which
 * give close to full double precision, relative error included, in both tails:
 *
 * - |x| ≤ 0.66291: Φ(x) = ½ + x·R₁(x²);
 * - 0.66291 < |x| ≤ √32: the tail e^(−x²/2)·R₂(|x|);
 * - |x| > √32: the tail e^(−x²/2)/|x|·(1/√(2π) − R₃(1/x²)) (asymptotic form).
 *
 * e^(−x²/2) is computed as e^(−s²/2)·e^(−(x−s)(x+s)/2) with s = x rounded down to 1/16, so that
 * the rounding error of x² does not grow with |x|. Below x ≈ −38.5 the result underflows to 0.
 */

const A = [2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356];
const A4 = 0.06568233791820745;
const B = [47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673];
const C = [
  0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002, 2494.5375852903726,
  6848.190450536283, 11602.65143764735, 9842.714838383978,
];
const C8 = 1.0765576773720192e-8;
const D = [
  22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097,
  34900.95272114598, 38912.00328609327, 19685.429676859992,
];
const P = [
  0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934,
  2.9112874951168793e-5,
];
const P5 = 0.023073441764940174;
const Q = [
  1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824,
  7.297515550839662e-5,
];
const ONE_OVER_SQRT_2PI = 0.3989422804014327;
const SMALL = 0.66291;
const SQRT_32 = 5.656854248;

/** Horner's scheme for ((lead·t + n₀)·t + … + n_last) / ((t + d₀)·t + … + d_last). */
function rational(t: number, lead: number, num: readonly number[], den: readonly number[]): number {
  let xnum = lead * t;
  let xden = t;
  const last = num.length - 1;
  for (let i = 0; i < last; i++) {
    xnum = (xnum + num[i]!) * t;
    xden = (xden + den[i]!) * t;
  }
  return (xnum + num[last]!) / (xden + den[last]!);
}

/** e^(−y²/2) without the cancellation of computing y² first. */
function gaussianFactor(y: number): number {
  const s = Math.trunc(y * 16) / 16;
  return Math.exp((-s * s) / 2) * Math.exp((-(y - s) * (y + s)) / 2);
}

/** Φ(x) = P(Z ≤ x) for a standard normal Z; NaN for NaN. */
export function normalCdf(x: number): number {
  const y = Math.abs(x);
  if (y <= SMALL) return 0.5 + x * rational(x * x, A4, A, B);
  let tail: number;
  if (y <= SQRT_32) tail = gaussianFactor(y) * rational(y, C8, C, D);
  else if (y >= 40)
    tail = 0; // e^(−800) underflows; also keeps ±Infinity from giving NaN
  else {
    const t = 1 / (y * y);
    tail = (gaussianFactor(y) * (ONE_OVER_SQRT_2PI - t * rational(t, P5, P, Q))) / y;
  }
  return x > 0 ? 1 - tail : tail;
}

/** 1 − Φ(x) = P(Z > x), accurate in the upper tail (Φ(−x) by symmetry). */
export function normalSurvival(x: number): number {
  return normalCdf(-x);
}
