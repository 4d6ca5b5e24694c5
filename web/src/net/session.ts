// The session: the one connection of this page, the table it is at and what this browser holds
// there (seat, creator rights). Pages read it through `useSession()` and call its methods; it
// turns them into protocol messages, keeps tokens in localStorage, and after every reconnect
// joins the table again with its tokens and last_seq, so a reload, a network drop or a server
// restart puts the player back in the same seat with the same state.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection, RequestError, defaultUrl, type LinkStatus } from './connection';
import { storage } from './storage';
import type { CreateMessage, HintReply, Outgoing, ServerMessage, TableSummary } from '../protocol/messages';
import { applyMessage, emptyTable, type TableState } from '../state/table';
import type { Invitation } from '../players/apiTypes';

export interface Problem {
  code: string;
  message: string;
}

type Listener = () => void;

export class Session {
  private conn: Connection | null = null;
  private listeners = new Set<Listener>();
  /** Raised on every change: a cheap way for hooks to know they must re-render. */
  version = 0;
  status: LinkStatus = 'connecting';
  table: TableState | null = null;
  /** Why the current table cannot be shown (no_table), or null. */
  tableProblem: Problem | null = null;
  /** The last refused request, to show to the player (cleared by the next success). */
  problem: Problem | null = null;
  joined = false;
  /** The last invitation to play again (players/InvitationBanner.tsx), until joined or dismissed. */
  invitation: Invitation | null = null;

  constructor(private readonly url?: string) {}

  /**
   * The socket of table `code`: /ws/CODE (the lobby and `create` use plain /ws). A proxy in front
   * of several servers routes it by the code to the one that holds the table (docs/scaling.md).
   */
  private tableUrl(code: string): string {
    return `${(this.url ?? defaultUrl()).replace(/\/+$/, '')}/${encodeURIComponent(code)}`;
  }

  private connection(code?: string): Connection {
    if (!this.conn) {
      this.conn = new Connection(
        {
          onOpen: () => this.opened(),
          onMessage: (m) => this.received(m),
          onStatus: (s) => {
            this.status = s;
            if (s !== 'open') this.joined = false;
            this.changed();
          },
        },
        () => storage.name(),
        code ? this.tableUrl(code) : this.url,
      );
      window.addEventListener('online', () => this.conn?.reconnectNow());
    }
    return this.conn;
  }

  /** Opens the link (pages that need the server call this; the rules page does not). */
  connect(): void {
    this.connection();
  }

  /**
   * Opens the link again: the server reads the session cookie at the upgrade only, so after a
   * sign-in or sign-out the socket must be new to be the new player's (his invitations, seats).
   */
  reconnect(): void {
    this.conn?.renew();
  }

  dismissInvitation(): void {
    this.invitation = null;
    this.changed();
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  get isCreator(): boolean {
    return !!this.table && storage.creatorToken(this.table.code) !== null;
  }

  // ---- tables -------------------------------------------------------------------------------

  /** Go to table `code` (from /t/CODE): join it now if connected, else as soon as connected. */
  enterTable(code: string): void {
    if (this.table?.code === code) {
      if (!this.joined && this.conn?.isReady) this.join();
      return;
    }
    this.table = emptyTable(code);
    this.tableProblem = null;
    this.joined = false;
    this.changed();
    const conn = this.connection(code);
    // A link open to another server's socket (the lobby's) comes back at the table's; opened()
    // joins then.
    if (!conn.moveTo(this.tableUrl(code)) && conn.isReady) this.join();
  }

  leaveTable(): void {
    if (this.table) this.conn?.send({ type: 'leave' });
    this.table = null;
    this.joined = false;
    this.tableProblem = null;
    this.changed();
  }

  private join(retry = true): void {
    const t = this.table;
    if (!t) return;
    const code = t.code;
    const token = storage.seatToken(code);
    const creator = storage.creatorToken(code);
    const msg: Outgoing = { type: 'join', code };
    if (token) msg.token = token;
    if (creator) msg.creator_token = creator;
    if (t.seq > 0) msg.last_seq = t.seq;
    this.joined = true;
    this.connection()
      .request(msg)
      .catch((e: RequestError) => {
        if (this.table?.code !== code) return;
        if (e.code === 'bad_token' && retry) {
          // A token of an earlier table with this code, or a seat given up: forget it, come in as a guest.
          storage.setSeatToken(code, null);
          storage.setCreatorToken(code, null);
          this.join(false);
        } else if (e.code !== 'offline') {
          this.tableProblem = { code: e.code, message: e.message };
          this.changed();
        }
      });
  }

  async create(m: Omit<CreateMessage, 'type' | 'id'>): Promise<string> {
    const reply = await this.request({ type: 'create', ...m });
    if (reply?.type !== 'created') throw new RequestError('internal', 'unexpected reply to create');
    return reply.code;
  }

  async list(): Promise<TableSummary[]> {
    const reply = await this.request({ type: 'list' });
    return reply?.type === 'tables' ? reply.tables : [];
  }

  sit(seat: number, name: string): Promise<unknown> {
    storage.setName(name);
    return this.request({ type: 'sit', seat, name });
  }
  stand = () => this.request({ type: 'stand' });
  bot = (seat: number, level: string | null) => this.request({ type: 'bot', seat, level });
  start = () => this.request({ type: 'start' });
  rematch = () => this.request({ type: 'rematch' });
  /** Continue at a round's end (the server ignores a repeat). */
  ready = () => void this.request({ type: 'ready' }).catch(() => {});
  chat = (text: string) => void this.request({ type: 'chat', text }).catch(() => {});

  act = (action: string, decision?: number): void => {
    const m: Outgoing = decision === undefined ? { type: 'act', action } : { type: 'act', action, decision };
    // A refused action (stale, not_your_turn after a timeout) is shown; the next frame redraws the table.
    void this.request(m).catch(() => {});
  };

  requestHint = async (): Promise<HintReply | null> => {
    try {
      const r = await this.request({ type: 'hint' });
      return r?.type === 'hint' ? { action: r.action, expected_now: r.expected_now, order: r.order, moves: r.moves } : null;
    } catch {
      return null;
    }
  };

  /** A request whose refusal is kept in `problem` for the page to show, and rethrown. */
  async request(m: Outgoing): Promise<ServerMessage | null> {
    try {
      const r = await this.connection().request(m);
      if (this.problem) {
        this.problem = null;
        this.changed();
      }
      return r;
    } catch (e) {
      const err = e as RequestError;
      this.problem = { code: err.code, message: err.message };
      this.changed();
      throw e;
    }
  }

  clearProblem(): void {
    this.problem = null;
    this.changed();
  }

  // ---- from the server ----------------------------------------------------------------------

  private opened(): void {
    if (this.table) this.join();
    this.changed();
  }

  private received(m: ServerMessage): void {
    if (m.type === 'created') {
      storage.setCreatorToken(m.code, m.creator_token);
      // This link is at the table's server already: only its reconnects go to /ws/CODE.
      this.conn?.retarget(this.tableUrl(m.code));
      this.table = emptyTable(m.code);
      this.tableProblem = null;
      this.joined = true;
    } else if (m.type === 'seated' && m.token) {
      storage.setSeatToken(m.code, m.token);
    } else if (m.type === 'error') {
      this.problem = { code: m.code, message: m.message };
    } else if (m.type === 'bye') {
      this.problem = { code: 'bye', message: m.reason };
    } else if ((m as { type: string }).type === 'invitation') {
      this.invitation = m as unknown as Invitation;
    }
    if (this.table) {
      const next = applyMessage(this.table, m, performance.now());
      if (next !== this.table) this.table = next;
      if (this.table.stale && this.table.seq !== 0) {
        // A delta that does not apply (a frame missed): join again without last_seq, for a
        // whole table (the deltas until it comes stay stale; the state clears it).
        this.table = { ...this.table, seq: 0 };
        if (this.conn?.isReady) this.join();
      }
    }
    this.changed();
  }
}

export const session = new Session();

/**
 * Re-renders the calling component on every change of the session, including a change between
 * its first render and its subscription (a frame can arrive in that gap: the table page mounts
 * with the lobby while the game-started frame is already on its way).
 */
export function useSession(): Session {
  const [seen, setVersion] = useState(session.version);
  const rendered = useRef(seen);
  rendered.current = seen;
  useEffect(() => {
    const update = () => setVersion(session.version);
    const off = session.subscribe(update);
    if (session.version !== rendered.current) update();
    return off;
  }, []);
  return session;
}
