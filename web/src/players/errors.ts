// The account API's error codes (docs/accounts.md, ApiErrorCode in the schema) in words, and
// the reasons a user name is refused (`reason` of name_problem, /work/players-spec.md
// "Changes"). Literal keys, so that the translation test sees each one in use.
import type { ApiFailure } from './api';
import type { ApiErrorCode } from './apiTypes';

type T = (key: string, args?: Record<string, string | number>) => string;

// Every code of the schema's ApiErrorCode has its words (the type fails `npm run lint` when the
// schema gains one), and `offline` is the client's own.
const CODE_KEYS: Record<ApiErrorCode | 'offline', string> = {
  bad_request: 'web.me.error.bad_request',
  bad_query: 'web.me.error.bad_request',
  method_not_allowed: 'web.me.error.bad_request',
  not_found: 'web.me.error.not_found',
  no_such_player: 'web.me.error.not_found',
  no_game: 'web.me.error.not_found',
  no_review: 'web.me.error.not_found',
  review_failed: 'web.me.error.server_error',
  name_problem: 'web.me.name.other',
  foreign_origin: 'web.me.error.foreign_origin',
  not_signed_in: 'web.me.error.not_signed_in',
  name_taken: 'web.me.error.name_taken',
  already_account: 'web.me.error.already_account',
  not_an_account: 'web.me.error.not_an_account',
  weak_password: 'web.me.error.weak_password',
  wrong_credentials: 'web.me.error.wrong_credentials',
  rate_limited: 'web.me.error.rate_limited',
  busy: 'web.me.error.busy',
  server_error: 'web.me.error.server_error',
  store_unavailable: 'web.me.error.store_unavailable',
  offline: 'web.me.error.offline',
};

const REASON_KEYS: Record<string, string> = {
  empty: 'web.me.name.empty',
  too_long: 'web.me.name.too_long',
  too_wide: 'web.me.name.too_long',
  control: 'web.me.name.invisible',
  invalid_utf8: 'web.me.name.invisible',
  bidi: 'web.me.name.invisible',
  invisible: 'web.me.name.invisible',
  unassigned: 'web.me.name.invisible',
  space: 'web.me.name.spaces',
  leading_space: 'web.me.name.spaces',
  double_space: 'web.me.name.spaces',
  trailing_space: 'web.me.name.spaces',
  combining: 'web.me.name.combining',
  mixed_scripts: 'web.me.name.mixed_scripts',
  reserved: 'web.me.name.reserved',
};

/** The failure in the player's language. */
export function failureText(t: T, e: ApiFailure): string {
  if (e.code === 'name_problem') {
    const key = e.reason ? REASON_KEYS[e.reason] : undefined;
    return key ? t(key) : t('web.me.name.other', { message: e.message });
  }
  const key = (CODE_KEYS as Record<string, string | undefined>)[e.code];
  if (e.status === 429 && !key) return t('web.me.error.rate_limited');
  return key ? t(key) : t('web.me.error.other', { message: e.message });
}
