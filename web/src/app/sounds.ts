// Sounds of the table (issue 28 §6): which cues a new frame brings, and short generated tones
// to play them (WebAudio, no sound files). The cue logic is pure, so vitest checks it.
//   your_turn: this seat must now decide and did not have to before;
//   knock / clear / round_end: a knocked, cleared or round-ended event arrived.
// The player switches sound off with the header's toggle (remembered, localStorage
// `allegra.sound`); when the tab is hidden, "your turn" also raises a browser notification if
// the player allowed them.
import { myPending, type TableState } from '../state/table';

export type Cue = 'your_turn' | 'knock' | 'clear' | 'round_end';
const KEY = 'allegra.sound';

export function cuesFor(prev: TableState | null, next: TableState | null): Cue[] {
  if (!next || !next.table) return [];
  const cues: Cue[] = [];
  const fresh = prev && prev.code === next.code ? next.events.filter((e) => e.seq > prev.seq) : [];
  const types = new Set(fresh.map((e) => e.event.type));
  if (types.has('knocked')) cues.push('knock');
  if (types.has('cleared')) cues.push('clear');
  if (types.has('round-ended')) cues.push('round_end');
  const wasMine = prev && prev.code === next.code ? myPending(prev) !== undefined : false;
  if (myPending(next) !== undefined && !wasMine) cues.push('your_turn');
  return cues;
}

export function soundOn(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  return storage?.getItem(KEY) !== 'off';
}

export function setSoundOn(on: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined): void {
  if (on) storage?.removeItem(KEY);
  else storage?.setItem(KEY, 'off');
}

/** The notes of each cue: [frequency Hz, start s, length s]. */
export const TONES: Record<Cue, [number, number, number][]> = {
  your_turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  knock: [[180, 0, 0.06], [180, 0.12, 0.06]],
  clear: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.2]],
  round_end: [[784, 0, 0.15], [659, 0.16, 0.15], [523, 0.32, 0.3]],
};

let audio: AudioContext | null = null;

/** Plays a cue's tones (quietly); nothing if the browser has no WebAudio or blocks it. */
export function playCue(cue: Cue): void {
  try {
    // Before the person has touched the page (a reload) the browser refuses to start audio, with
    // a console warning: the first cues after a reload stay silent instead.
    if (!audio && navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [freq, at, length] of TONES[cue]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = cue === 'knock' ? 'square' : 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, start + at);
      gain.gain.exponentialRampToValueAtTime(0.001, start + at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + length);
    }
  } catch {
    // no sound available: the page works silently
  }
}
