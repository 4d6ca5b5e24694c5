// The players' HTTP API (docs/accounts.md, /work/players-spec.md section 2): GET and POST with
// JSON, the session cookie going along by itself (same origin). A failure is an `ApiFailure`
// with the server's error code (or `offline` when the server could not be reached) for the
// pages to word in the player's language.
import type { ApiPlayer, History, Leaderboard, Profile } from './apiTypes';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** name_problem: why the name cannot be used (optional, see apiErrors.ts). */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

async function call<T>(path: string, body?: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(
      path,
      body === undefined
        ? { credentials: 'same-origin' }
        : { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
  } catch {
    throw new ApiFailure(0, 'offline', 'the server cannot be reached');
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON: an old server or a proxy's page */
  }
  if (!res.ok) {
    const e = (data ?? {}) as { error?: string; message?: string; reason?: string };
    throw new ApiFailure(res.status, e.error ?? (res.status === 404 ? 'not_found' : 'server_error'), e.message ?? res.statusText, e.reason ?? null);
  }
  return data as T;
}

export const api = {
  me: () => call<{ player: ApiPlayer }>('/api/me').then((r) => r.player),
  claim: (name: string, password: string) => call<{ player: ApiPlayer }>('/api/account', { name, password }).then((r) => r.player),
  login: (name: string, password: string) => call<{ player: ApiPlayer }>('/api/login', { name, password }).then((r) => r.player),
  logout: () => call<{ ok: true }>('/api/logout', {}),
  logoutAll: () => call<{ ok: true }>('/api/logout-all', {}),
  changePassword: (password: string, newPassword: string) => call<{ ok: true }>('/api/password', { password, new_password: newPassword }),
  deleteAccount: (password: string | null) => call<{ ok: true }>('/api/account/delete', password === null ? {} : { password }),
  profile: (id: number) => call<{ profile: Profile }>(`/api/players/${id}`).then((r) => r.profile),
  games: (id: number, before: number | null, limit = 20) =>
    call<History>(`/api/players/${id}/games?limit=${limit}${before === null ? '' : `&before=${before}`}`),
  leaderboard: (players: number, offset = 0, limit = 100) =>
    call<{ leaderboard: Leaderboard }>(`/api/leaderboard?players=${players}&offset=${offset}&limit=${limit}`).then((r) => r.leaderboard),
};

/** The download of one's own data (GET /api/me/export). */
export const EXPORT_URL = '/api/me/export';
