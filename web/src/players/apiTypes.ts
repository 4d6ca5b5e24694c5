// The shapes of the players' HTTP answers (GET /api/me, /api/players/ID, .../games,
// /api/leaderboard: docs/accounts.md) and of the players' parts of the wire, under the names the
// pages use. All are generated from the schema's $defs (data/protocol/protocol.schema.json, the
// one source of every shape; web/scripts/protocol-types.mjs); C++ tests check the real server's
// answers against the same $defs (tests/server/player_api_test.cc, serve_accounts_test.cc).
import type { RatingChanges } from '../protocol/generated/protocol';

export type {
  ApiError,
  ApiErrorCode,
  ApiPlayer,
  ApiMe,
  ApiProfileAnswer,
  ApiProfile as Profile,
  ApiHistory as History,
  ApiHistoryGame as HistoryGame,
  ApiHistoryOpponent as HistoryOpponent,
  ApiLeaderboardAnswer,
  ApiLeaderboard as Leaderboard,
  ApiLeaderboardRow as LeaderboardRow,
  Invitation,
  PlayerSummary,
} from '../protocol/generated/protocol';

/** TABLE.rating_changes: one per seat once a rated game's end is stored. */
export type RatingChange = NonNullable<RatingChanges>[number];
