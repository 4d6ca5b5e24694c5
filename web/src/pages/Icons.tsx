// Small SVG icons for the replay controls and the sound toggle (the media symbols ⏮ ⏭ ⏸ and
// the bells are missing from many fonts); each is decorative: its button carries the label.
const paths = {
  first: 'M5 4h2v16H5zM20 4v16L9 12z',
  back: 'M18 4v16L6 12z',
  play: 'M7 4v16l12-8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  forward: 'M6 4v16l12-8z',
  last: 'M17 4h2v16h-2zM4 4v16l11-8z',
  soundOn: 'M3 9h4l5-4v14l-5-4H3zM15 9h2v6h-2zM19 6h2v12h-2z',
  soundOff: 'M3 9h4l5-4v14l-5-4H3zM15 10.4l1.4-1.4 1.6 1.6 1.6-1.6 1.4 1.4-1.6 1.6 1.6 1.6-1.4 1.4-1.6-1.6-1.6 1.6-1.4-1.4 1.6-1.6z',
} as const;

export function Icon(p: { name: keyof typeof paths }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[p.name]} fill="currentColor" />
    </svg>
  );
}
