// The account API's error codes (docs/accounts.md, ApiErrorCode in the schema) in words, and
// the reasons a user name is refused (`reason` of name_problem, /work/players-spec.md
// "Changes"). Literal keys, so that the translation test sees each one in use.
import type { ApiFailure } from './api';

type T = (key: string, args?: Record<string, string | number>) => string;

const CODE_KEYS: Record<string, string> = {
  bad_request: 'web.me.error.bad_request',
  bad_query: 'web.me.error.bad_request',
  not_found: 'web.me.error.not_found',
  no_such_player: 'web.me.error.not_found',
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
  store_unavailable: 'web.me.error.server_error',
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
  if (e.status === 429 && !CODE_KEYS[e.code]) return t('web.me.error.rate_limited');
  const key = CODE_KEYS[e.code];
  return key ? t(key) : t('web.me.error.other', { message: e.message });
}
