// The web client's applyDelta against the C++ server's frames: tests/server/delta_frames_test.cc
// writes, over whole games with every player count, the first whole table of each client and
// then every delta beside the TABLE an update of the same seq carried (JSON lines). Each delta
// applied to the table before it must give exactly that TABLE. The file is
// $ALLEGRA_DELTA_PAIRS when set (ctest DeltaFramesWebReplay writes and replays all of them),
// else the excerpt committed beside this test (the start of a 3-player game).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Delta } from '../protocol/generated/protocol';
import type { TableFrame } from '../protocol/view';
import { applyDelta, applyMessage, emptyTable } from './table';

type Line = { players: number; state: TableFrame } | { delta: Delta; table: TableFrame };

const path = process.env.ALLEGRA_DELTA_PAIRS ?? resolve(__dirname, 'delta_pairs.sample.jsonl');
const lines: Line[] = readFileSync(path, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Line);

describe(`delta frames replayed from ${path}`, () => {
  it('has pairs to replay', () => {
    expect(lines.filter((l) => 'delta' in l).length).toBeGreaterThan(10);
  });

  it('gives exactly the TABLE of the update of the same seq, delta after delta', () => {
    let table: TableFrame | null = null;
    let checked = 0;
    for (const line of lines) {
      if ('state' in line) {
        table = line.state;
        continue;
      }
      const before = table === null ? null : structuredClone(table);
      table = applyDelta(table, line.delta);
      expect(table).toEqual(line.table);
      if (before !== null) expect(applyDelta(before, line.delta)).toEqual(line.table); // pure
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('applies them through applyMessage, and marks a delta whose base was missed as stale', () => {
    const first = lines.find((l) => 'state' in l);
    const [d0, , d2] = lines.filter((l): l is { delta: Delta; table: TableFrame } => 'delta' in l);
    if (!first || !('state' in first) || !d0 || !d2) throw new Error('no game in the file');
    const code = first.state.code;
    const state = { type: 'state' as const, id: null, seq: d0.delta.base ?? 0, you: null, chat: [], table: first.state };
    let s = applyMessage(emptyTable(code), state, 0);
    s = applyMessage(s, d0.delta, 1);
    expect(s.table).toEqual(d0.table);
    expect(s.stale).toBeFalsy();
    // Skip one: the next one's base is the skipped one's seq, which this client never saw.
    const skipped = applyMessage(s, d2.delta, 2);
    if (d2.delta.base !== null && d2.delta.base > s.seq) {
      expect(skipped.stale).toBe(true);
      expect(skipped.table).toBe(s.table);
    }
  });
});
