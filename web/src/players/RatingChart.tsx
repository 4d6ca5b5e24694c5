// The rating's history as a small line chart (SVG by hand): the display rating after each rated
// game, from the profile's `rating_history` (the first point is the rating before the first
// game). The axis shows the lowest and highest value; a title per point names it.
type T = (key: string, args?: Record<string, string | number>) => string;

const W = 320;
const H = 96;
const PAD = 6;

export function RatingChart(props: { t: T; history: { game: string; before: number; after: number }[] }) {
  const h = props.history;
  if (h.length === 0) return <p class="muted">{props.t('web.players.no_rated_games')}</p>;
  const values = [h[0]!.before, ...h.map((x) => x.after)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(1, hi - lo);
  const x = (i: number) => PAD + ((W - 2 * PAD) * i) / Math.max(1, values.length - 1);
  const y = (v: number) => H - PAD - ((H - 2 * PAD) * (v - lo)) / span;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const label = props.t('web.players.chart_label', { from: Math.round(values[0]!), to: Math.round(values[values.length - 1]!), games: h.length });
  return (
    <figure class="rating-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <line x1={PAD} x2={W - PAD} y1={y(lo)} y2={y(lo)} class="axis" />
        <line x1={PAD} x2={W - PAD} y1={y(hi)} y2={y(hi)} class="axis" />
        <polyline points={points} class="line" />
        {values.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={values.length > 40 ? 1.5 : 2.5} class="dot">
            <title>{Math.round(v)}</title>
          </circle>
        ))}
      </svg>
      <figcaption>
        <span>{Math.round(hi)}</span>
        <span>{Math.round(lo)}</span>
      </figcaption>
    </figure>
  );
}
