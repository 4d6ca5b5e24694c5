// The review's analysis graph (as chess sites draw one): for each player, his expected final total
// at each of his reviewed decisions (the points of the rounds before, from the view then, plus the
// expected round score of the choice he made, from the review), over the game's decisions. Lower
// is better; mistakes and blunders are dots; the current decision is a vertical line; a tap or
// click picks the nearest decision. SVG drawn in pixels of its measured width (no distorted text).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Review } from '../protocol/generated/review';
import type { Translate } from '../text/narrator';
import type { Position } from './Replay';

/** Six colours that stay apart on the light and the dark theme (and for most colour-blind eyes). */
const COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#d55e00', '#56b4e9'];
const HEIGHT = 180;
const PAD = { left: 34, right: 8, top: 10, bottom: 18 };

interface Point {
  x: number; // the decision's index in the record
  y: number; // expected final total, points
  k: number; // its place in review.decisions
  bad: boolean;
}

export function graphPoints(review: Review, positions: Position[]): Map<number, Point[]> {
  const out = new Map<number, Point[]>();
  let at = 0;
  review.decisions.forEach((d, k) => {
    while (at + 1 < positions.length && positions[at + 1]!.step <= d.index) at++;
    const before = (positions[at]!.view.totals_half[d.player] ?? 0) / 2;
    const made = d.choices[d.chosen_rank]?.expected ?? d.choices[0]?.expected ?? 0;
    const list = out.get(d.player) ?? [];
    list.push({ x: d.index, y: before + made, k, bad: d.label === 'mistake' || d.label === 'blunder' });
    out.set(d.player, list);
  });
  return out;
}

export function ReviewGraph(p: { t: Translate; review: Review; names: string[]; steps: number; positions: Position[]; current: number | null; onPick: (k: number) => void }) {
  const { t, review } = p;
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.round(el.clientWidth)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const lines = useMemo(() => graphPoints(review, p.positions), [review, p.positions]);
  let lo = Infinity;
  let hi = -Infinity;
  for (const list of lines.values())
    for (const q of list) {
      lo = Math.min(lo, q.y);
      hi = Math.max(hi, q.y);
    }
  if (!isFinite(lo)) return null;
  lo = Math.floor(Math.min(lo, 0));
  hi = Math.ceil(hi + 1);
  const w = width - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (p.steps > 1 ? (x / (p.steps - 1)) * w : 0);
  const sy = (y: number) => PAD.top + (1 - (y - lo) / (hi - lo)) * h;
  // The first decision of each round after the first: a light line.
  const starts: { x: number; round: number }[] = [];
  review.decisions.forEach((d, k) => {
    if (k > 0 && review.decisions[k - 1]!.round !== d.round) starts.push({ x: d.index, round: d.round });
  });
  const pick = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const r = svg.getBoundingClientRect();
    const x = ((e.clientX - r.left - PAD.left) / w) * Math.max(1, p.steps - 1);
    let best = -1;
    let dist = Infinity;
    review.decisions.forEach((d, k) => {
      const dd = Math.abs(d.index - x);
      if (dd < dist) {
        dist = dd;
        best = k;
      }
    });
    if (best >= 0) p.onPick(best);
  };
  const seats = [...lines.keys()].sort((a, b) => a - b);
  return (
    <section class="review-graph">
      <h2>{t('web.review.graph')}</h2>
      <p class="muted explain">{t('web.review.graph_note')}</p>
      <div ref={box} class="graph-box">
        <svg width={width} height={HEIGHT} role="img" aria-label={t('web.review.graph')} onClick={pick}>
          <line class="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={PAD.top + h} />
          <line class="axis" x1={PAD.left} x2={PAD.left + w} y1={PAD.top + h} y2={PAD.top + h} />
          <text class="tick" x={PAD.left - 4} y={sy(hi) + 4} text-anchor="end">
            {hi}
          </text>
          <text class="tick" x={PAD.left - 4} y={sy(lo)} text-anchor="end">
            {lo}
          </text>
          {starts.map((s) => (
            <g key={s.x}>
              <line class="round-line" x1={sx(s.x)} x2={sx(s.x)} y1={PAD.top} y2={PAD.top + h} />
              <text class="tick" x={sx(s.x) + 3} y={HEIGHT - 4}>
                {t('web.review.round_short', { round: s.round + 1 })}
              </text>
            </g>
          ))}
          {p.current !== null && <line class="now-line" x1={sx(p.current)} x2={sx(p.current)} y1={PAD.top} y2={PAD.top + h} />}
          {seats.map((seat) => {
            const list = lines.get(seat)!;
            const colour = COLOURS[seat % COLOURS.length];
            return (
              <g key={seat} data-seat={seat}>
                <polyline fill="none" stroke={colour} stroke-width={2} points={list.map((q) => `${sx(q.x).toFixed(1)},${sy(q.y).toFixed(1)}`).join(' ')} />
                {list
                  .filter((q) => q.bad)
                  .map((q) => (
                    <circle key={q.k} class="bad-dot" cx={sx(q.x)} cy={sy(q.y)} r={4} fill={colour} />
                  ))}
              </g>
            );
          })}
        </svg>
      </div>
      <ul class="graph-legend">
        {seats.map((seat) => (
          <li key={seat}>
            <span class="swatch" style={{ background: COLOURS[seat % COLOURS.length] }} aria-hidden="true" /> {p.names[seat]}
          </li>
        ))}
      </ul>
    </section>
  );
}
