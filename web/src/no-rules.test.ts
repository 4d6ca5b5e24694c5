// The browser holds no rule (docs/web.md "Where everything comes from"): this check fails when
// code that re-derives what only the engine knows comes back into web/src (tests excepted).
// Each pattern is narrow on purpose, aimed at how such code is written, so ordinary code passes;
// the tests below prove that each one catches a bad snippet and lets a good one through.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Rule {
  what: string;
  /** Where the data comes from instead (shown when the check fails). */
  instead: string;
  patterns: RegExp[];
}

const RULES: Rule[] = [
  {
    what: 'neighbour arithmetic (who sits left or right of whom)',
    instead: 'view.shared_from (layout.ts seatSlots, sharedWith)',
    patterns: [
      /[+-]\s*1\s*\)\s*%/, // (seat + 1) % players
      /\+\s*(?:n|players|count|numPlayers|seats)\s*-\s*1\s*\)\s*%/, // (seat + n - 1) % n
      /%\s*(?:n|players|numPlayers|playerCount|(?:grids|names|seats)\.length)\b(?!\s*[=<>])/, // x % players
      /-\s*1\s*\+\s*(?:n|players)\b/, // seat - 1 + n
      /\b(?:leftOf|rightOf|left_of|right_of|leftNeighbou?r|rightNeighbou?r)\s*\(/,
    ],
  },
  {
    what: 'line geometry (which cells a line holds)',
    instead: 'pending[].lines (the cells of each clear choice) and the cleared event’s cells',
    patterns: [/\blineCells\b/, /\bdisplayCells?\s*\(/, /===?\s*0\s*\?\s*\{\s*owner\b/, /d\s*<\s*5\s*&&\s*\w+\.length\s*<\s*3/],
  },
  {
    what: 'score inference (the bonus or a penalty guessed from a score’s value)',
    instead: 'last_round.empty_display, round-scored.empty_display / penalised',
    patterns: [/raw_half\s*\[[^\]]*\]\s*(?:[!=]==?|<=?|>=?)\s*-?\d/, /(?:[!=]==?|<=?|>=?)\s*-(?:20|10)\b/, /\b(?:display_half|score_half|raw_half)\b[^;\n]*\*\s*2\b/],
  },
  {
    what: 'prose parsing (reading the server’s English back)',
    instead: 'the structured hint (text/hint.ts) and the events’ fields (text/narrator.ts)',
    patterns: [/\bhintWhy\b/, /\bhint\w*\??\.text\b/, /\b(?:e|ev|event)\??\.text\b/, /\/[^/\n]*points expected[^/\n]*\//],
  },
  {
    what: 'a second legal list',
    instead: 'pending[].legal (the view carries no legal_actions)',
    patterns: [/\blegal_actions\b/],
  },
];

/** The source without its comments (so a comment may name what is forbidden). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The rules a source breaks: one entry per rule and line. */
function brokenRules(source: string, file = 'snippet'): string[] {
  const out: string[] = [];
  code(source)
    .split('\n')
    .forEach((line, i) => {
      for (const r of RULES) if (r.patterns.some((p) => p.test(line))) out.push(`${file}:${i + 1}: ${r.what} (use ${r.instead}): ${line.trim()}`);
    });
  return out;
}

function sources(): [string, string][] {
  const root = new URL('.', import.meta.url).pathname;
  return (readdirSync(root, { recursive: true }) as string[])
    // protocol/: the message types, generated from the schema (they name every field, used or not).
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('protocol/'))
    .map((f) => [f, readFileSync(join(root, f), 'utf8')]);
}

describe('the client holds no rule', () => {
  it('web/src re-derives nothing the server sends', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(([f, s]) => brokenRules(s, f))).toEqual([]);
  });

  it('catches each kind of rule in a bad snippet', () => {
    const bad: [string, string][] = [
      ['neighbour', 'const left = (player + 1) % players;'],
      ['neighbour', 'return (seat + players - 1) % players;'],
      ['neighbour', 'const right = (p - 1 + n) % n;'],
      ['neighbour', 'const q = p % n;'],
      ['neighbour', 'const left = leftOf(p.seat, n);'],
      ['line', 'const cells = lineCells(view, 1, "col-0");'],
      ['line', 'const at = (row, d) => (d === 0 ? { owner: left, row, col: 3 } : { owner: player, row, col: d - 1 });'],
      ['line', 'for (let d = start + 1; d < 5 && out.length < 3; d++) {'],
      ['score', '{lr.raw_half[i] === -20 && <div class="bonus">'],
      ['score', 'const bonus = e.display_half === -20;'],
      ['score', 'if (score <= -10) bonus = true;'],
      ['prose', 'const lines = hint.text.split("\\n").slice(1);'],
      ['prose', '<p>{hintWhy(q.hint.text, label)}</p>'],
      ['prose', 'const m = /then (\\d+) points expected/.exec(line);'],
      ['prose', 'log.push(e.text);'],
      ['legal', 'for (const a of view.legal_actions) offer(a);'],
    ];
    for (const [kind, snippet] of bad) expect(brokenRules(snippet), `${kind}: ${snippet}`).toHaveLength(1);
  });

  it('lets ordinary code through', () => {
    const good = [
      'const left = view.shared_from[seat] ?? -1;',
      'const right = sharedWith(view.shared_from, seat);',
      'const a = Math.PI / 2 + (k * 2 * Math.PI) / players;',
      'const i = row * 4 + col;',
      'const page = index % 2 === 0 ? "even" : "odd";',
      'const cells = mine?.lines?.find((l) => l.action === a)?.cells ?? [];',
      '{lr.empty_display[i] && <div class="bonus">}',
      '{t("result.line", { display: (lr.raw_half[i] ?? 0) / 2 })}',
      'if (e.penalised) return t(e.display_half > 0 ? "result.penalty_doubled" : "result.penalty_halved", args);',
      'out.push({ seq, kind: "move", text: s });',
      'const label = l.text.trim();',
      'const legal = mine?.legal ?? [];',
      '// (seat + 1) % players was the old way: now view.shared_from',
    ];
    for (const snippet of good) expect(brokenRules(snippet), snippet).toEqual([]);
  });
});
