// The server's error codes (docs/protocol.md) a player can meet, in words; any other code shows
// the server's own (English) message inside web.app.refused.
export const ERROR_KEYS: Record<string, string> = {
  seat_taken: 'web.app.error_seat_taken',
  bad_name: 'web.app.error_bad_name',
  seats_open: 'web.app.error_seats_open',
  not_creator: 'web.app.error_not_creator',
  rate_limited: 'web.app.error_rate_limited',
  chat_rate: 'web.app.error_chat_rate',
  chat_too_long: 'web.app.error_chat_too_long',
  not_your_turn: 'web.app.error_not_your_turn',
  stale: 'web.app.error_stale',
  wrong_phase: 'web.app.error_wrong_phase',
  shutting_down: 'web.app.error_shutting_down',
  bye: 'web.app.error_bye',
  future_decision: 'web.app.error_future_decision',
  too_many_tables: 'web.app.error_too_many_tables',
  server_full: 'web.app.error_server_full',
  bot_not_allowed: 'web.app.error_bot_not_allowed',
  store_unavailable: 'web.app.error_store_unavailable',
  timeout: 'web.app.offline', // no answer in time: the link is lost, not a refusal
};

export function problemText(t: (key: string, args?: Record<string, string>) => string, code: string, message: string): string {
  const key = ERROR_KEYS[code];
  return key ? t(key) : t('web.app.refused', { message });
}
