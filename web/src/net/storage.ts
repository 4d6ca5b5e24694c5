// What the browser remembers (localStorage): the player's name, and per table code the seat
// token and the creator token. A token is the only way back into a seat after a reload or a
// lost connection (docs/protocol.md), so it is written the moment it arrives.
const NAME = 'allegra.name';
const seatKey = (code: string) => `allegra.seat.${code.toUpperCase()}`;
const creatorKey = (code: string) => `allegra.creator.${code.toUpperCase()}`;

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function put(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage disabled: tokens last for this page only */
  }
}

export const storage = {
  name: (): string => get(NAME) ?? '',
  setName: (name: string) => put(NAME, name),
  seatToken: (code: string): string | null => get(seatKey(code)),
  setSeatToken: (code: string, token: string | null) => put(seatKey(code), token),
  creatorToken: (code: string): string | null => get(creatorKey(code)),
  setCreatorToken: (code: string, token: string | null) => put(creatorKey(code), token),
};

/** A player name as the server accepts it: 1-16 characters, no control characters. */
/** The server's limit on a name's length in characters (src/engine/player_name.h kMaxNameLength). */
export const MAX_NAME = 16;

export function validName(name: string): boolean {
  const n = name.trim();
  const len = [...n].length;
  return len >= 1 && len <= MAX_NAME && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(n);
}
