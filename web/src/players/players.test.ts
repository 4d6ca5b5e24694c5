import { describe, expect, it } from 'vitest';
import { parseRoute } from '../app/router';
import { againCreate } from './playAgain';
import { failureText } from './errors';
import { ApiFailure } from './api';
import { playerName, signed } from './names';
import en from '../../../data/lang/en.json';

const t = (key: string, args?: Record<string, string | number>) => {
  let s = (en as Record<string, string>)[key] ?? key;
  for (const [k, v] of Object.entries(args ?? {})) s = s.replace(`{${k}}`, String(v));
  return s;
};

describe('the players’ routes', () => {
  it('parse /me, /players/ID and /leaderboard', () => {
    expect(parseRoute('/me')).toEqual({ page: 'me' });
    expect(parseRoute('/players/12')).toEqual({ page: 'player', id: 12 });
    expect(parseRoute('/leaderboard')).toEqual({ page: 'leaderboard' });
    expect(parseRoute('/players/0').page).toBe('missing');
    expect(parseRoute('/players/abc').page).toBe('missing');
    expect(parseRoute('/players/12/x').page).toBe('missing');
  });
});

describe('play again with the same people', () => {
  it('keeps the options and bots, opens the people’s seats and invites them (not me)', () => {
    const { create: m, seat } = againCreate(
      {
        options: { players: 4, rounds: 2, knocking: false },
        rated: false,
        seats: [
          { bot: null, player: 7 },
          { bot: 'easy', player: null },
          { bot: null, player: 12 },
          { bot: null, player: 40 },
        ],
      },
      12,
    );
    expect(m.options).toEqual({ players: 4, rounds: 2, knocking: false });
    expect(m.seats).toEqual(['person', 'bot:easy', 'person', 'person']);
    expect(seat).toBe(2);
    expect(m.invite).toEqual([7, 40]);
    expect(m.public).toBe(false);
  });

  it('a rated game: only the number of players, rated again', () => {
    const { create: m, seat } = againCreate(
      { options: { players: 2, rounds: 3 }, rated: true, seats: [{ bot: null, player: 1 }, { bot: null, player: 2 }] },
      1,
    );
    expect(seat).toBe(0);
    expect(m).toMatchObject({ options: { players: 2 }, rated: true, seats: ['person', 'person'], invite: [2] });
  });
});

describe('the account’s errors in words', () => {
  it('word each code, the 429 and a name problem with or without its reason', () => {
    expect(failureText(t, new ApiFailure(401, 'wrong_credentials', 'x'))).toBe('Wrong user name or password.');
    expect(failureText(t, new ApiFailure(429, 'rate_limited', 'x'))).toMatch(/Too many attempts/);
    expect(failureText(t, new ApiFailure(429, 'something_new', 'x'))).toMatch(/Too many attempts/);
    expect(failureText(t, new ApiFailure(503, 'store_unavailable', 'x'))).toMatch(/nothing was changed/);
    expect(failureText(t, new ApiFailure(400, 'name_problem', 'the name is reserved', 'reserved'))).toMatch(/reserved/);
    expect(failureText(t, new ApiFailure(400, 'name_problem', 'the name is odd'))).toBe('This name cannot be used: the name is odd');
    expect(failureText(t, new ApiFailure(0, 'offline', 'x'))).toMatch(/cannot be reached/);
  });
});

describe('names and numbers', () => {
  it('words a guest and a deleted player, signs a change', () => {
    expect(playerName(t, { id: 12, name: null })).toBe('Guest 12');
    expect(playerName(t, { id: 12, name: null, deleted: true })).toBe('deleted player');
    expect(playerName(t, { id: 12, name: 'Anna' })).toBe('Anna');
    expect(signed(34.4, 'en')).toBe('+34');
    expect(signed(-12, 'en')).toBe('-12');
    expect(signed(0.2, 'en')).toBe('±0');
  });
});
