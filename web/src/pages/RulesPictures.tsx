// The rules page's two pictures, drawn as SVG: the 15-card display (the neighbour's right
// column joins your 12 cards; your right column is shared with your right neighbour) and a
// clear around the corner. Values are printed on every face-up card; face-down cards show a back.
import type { JSX } from 'preact';

const W = 34; // card width
const H = 46; // card height
const G = 6; // gap

type Cell = number | 'down' | 'gap';

function Card(p: { x: number; y: number; v: Cell; hot?: boolean }) {
  if (p.v === 'gap') return <rect x={p.x} y={p.y} width={W} height={H} rx={5} fill="none" stroke="#b9ad98" stroke-dasharray="4 3" />;
  if (p.v === 'down')
    return (
      <g>
        <rect x={p.x} y={p.y} width={W} height={H} rx={5} fill="#8c2a1a" stroke="#5e1b10" />
        <rect x={p.x + 5} y={p.y + 5} width={W - 10} height={H - 10} rx={3} fill="none" stroke="#e6b48f" stroke-width={1.2} />
      </g>
    );
  return (
    <g>
      <rect x={p.x} y={p.y} width={W} height={H} rx={5} fill={p.hot ? '#ffe27a' : '#fffdf7'} stroke={p.hot ? '#b07d00' : '#7d7364'} stroke-width={p.hot ? 2 : 1} />
      <text x={p.x + W / 2} y={p.y + H / 2 + 7} text-anchor="middle" font-size="20" font-weight="700" fill="#1e1b16">
        {p.v}
      </text>
    </g>
  );
}

function Grid(p: { x: number; y: number; cells: Cell[][]; hot?: (r: number, c: number) => boolean }) {
  const out: JSX.Element[] = [];
  p.cells.forEach((row, r) =>
    row.forEach((v, c) => out.push(<Card key={`${r}-${c}`} x={p.x + c * (W + G)} y={p.y + r * (H + G)} v={v} hot={p.hot?.(r, c)} />)),
  );
  return <g>{out}</g>;
}

const gridW = 4 * W + 3 * G;
const gridH = 3 * H + 2 * G;

/** Your grid with the left neighbour's grid beside it; the 15 cards outlined, the chips on the shared columns. */
export function DisplayPicture(p: { label: string; you: string; neighbour: string; display: string }) {
  const nx = 10;
  const yx = nx + gridW + 22;
  const top = 30;
  const d: Cell = 'down';
  const neighbour: Cell[][] = [
    [d, 4, d, 9],
    [d, d, 2, d],
    [6, d, d, 0],
  ];
  const mine: Cell[][] = [
    [d, d, 5, d],
    [3, d, d, d],
    [d, 11, d, 7],
  ];
  const sharedX = nx + 3 * (W + G);
  return (
    <svg class="rules-picture" viewBox={`0 0 ${yx + gridW + 10} ${top + gridH + 34}`} role="img" aria-label={p.label}>
      <text x={nx + gridW / 2} y={18} text-anchor="middle" font-size="13" fill="#5a5247">
        {p.neighbour}
      </text>
      <text x={yx + gridW / 2} y={18} text-anchor="middle" font-size="13" fill="#5a5247">
        {p.you}
      </text>
      <Grid x={nx} y={top} cells={neighbour} />
      <Grid x={yx} y={top} cells={mine} />
      <rect x={sharedX - 5} y={top - 6} width={yx + gridW - sharedX + 10} height={gridH + 12} rx={9} fill="none" stroke="#1d5a44" stroke-width={3} />
      <circle cx={sharedX + W / 2} cy={top + gridH + 14} r={6} fill="#c0392b" />
      <circle cx={yx + 3 * (W + G) + W / 2} cy={top + gridH + 14} r={6} fill="#c0392b" />
      <text x={(sharedX + yx + gridW) / 2} y={top + gridH + 30} text-anchor="middle" font-size="13" font-weight="700" fill="#1d5a44">
        {p.display}
      </text>
    </svg>
  );
}

/** Three 7s in row 2 across the corner: the neighbour's column and your first two columns. */
export function CornerPicture(p: { label: string; before: string; after: string }) {
  const d: Cell = 'down';
  const before: Cell[][] = [
    [2, d, 5, d, d],
    [7, 7, 7, d, 1],
    [d, 4, d, 8, d],
  ];
  const after: Cell[][] = [
    [2, d, 5, d, d],
    ['gap', 'gap', 'gap', d, 1],
    [d, 4, d, 8, d],
  ];
  const w = 5 * W + 4 * G;
  const bx = 10;
  const ax = bx + w + 50;
  const top = 26;
  return (
    <svg class="rules-picture" viewBox={`0 0 ${ax + w + 10} ${top + gridH + 12}`} role="img" aria-label={p.label}>
      <text x={bx + w / 2} y={16} text-anchor="middle" font-size="13" fill="#5a5247">
        {p.before}
      </text>
      <text x={ax + w / 2} y={16} text-anchor="middle" font-size="13" fill="#5a5247">
        {p.after}
      </text>
      <Grid x={bx} y={top} cells={before} hot={(r, c) => r === 1 && c < 3} />
      <line x1={bx + W + G / 2} y1={top - 4} x2={bx + W + G / 2} y2={top + gridH + 4} stroke="#c0392b" stroke-width={2} stroke-dasharray="5 3" />
      <path d={`M${bx + w + 12} ${top + gridH / 2} h26 m-8 -6 l8 6 l-8 6`} stroke="#1d5a44" stroke-width={3} fill="none" />
      <Grid x={ax} y={top} cells={after} />
      <line x1={ax + W + G / 2} y1={top - 4} x2={ax + W + G / 2} y2={top + gridH + 4} stroke="#c0392b" stroke-width={2} stroke-dasharray="5 3" />
    </svg>
  );
}
