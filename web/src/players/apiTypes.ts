// The shapes of the players' HTTP answers (GET /api/players/ID, .../games, /api/leaderboard),
// as /work/players-spec.md section 2 and docs/accounts.md give them. Written by hand (the
// schema's generator makes types of the wire's messages only); e2e/players.spec.ts checks them against the real server's answers.

/** GET /api/me's player (ApiPlayer in the schema; its generator leaves out unreferenced $defs). */
export interface ApiPlayer {
  id: number;
  guest: boolean;
  name: string | null;
  created: number;
  rating: { mu: number; sigma: number; rated_games: number; display: number; provisional: boolean };
}

/** A player as every players' answer names him: the client words a null name ("Guest 12", "deleted player"). */
export interface PlayerSummary {
  id: number;
  name: string | null;
  guest: boolean;
  deleted: boolean;
  rating: { display: number; provisional: boolean; games: number };
}

export interface Profile {
  player: PlayerSummary;
  created_ms: number;
  stats: {
    games: number;
    rated_games: number;
    wins: number;
    rounds: number;
    average_round_half: number | null;
    best_round_half: number | null;
  };
  rating_history: { game: string; at_ms: number; before: number; after: number }[];
  favourite_opponents: { player: PlayerSummary; games: number }[];
  count_ratings: { players: number; display: number; provisional: boolean; games: number }[];
}

export interface HistoryOpponent {
  seat: number;
  player: PlayerSummary | null;
  name: string;
  bot: boolean;
}

export interface HistoryGame {
  id: string;
  finished_ms: number;
  players: number;
  seat: number;
  place: number;
  total_half: number;
  rounds: number;
  rated: boolean;
  rating: { before: number; after: number } | null;
  opponents: HistoryOpponent[];
}

export interface History {
  games: HistoryGame[];
  next_before: number | null;
}

export interface LeaderboardRow {
  rank: number;
  player: PlayerSummary;
  games: number;
}

export interface Leaderboard {
  players: number;
  total: number;
  offset: number;
  rows: LeaderboardRow[];
  me: LeaderboardRow | null;
  around_me: LeaderboardRow[];
}

/** TABLE.rating_changes (spec section 3): one per seat once a rated game's end is stored. */
export interface RatingChange {
  seat: number;
  player: number;
  before: number;
  after: number;
  provisional: boolean;
}

/** The `invitation` message (spec section 3). */
export interface Invitation {
  type: 'invitation';
  code: string;
  from: PlayerSummary;
}
