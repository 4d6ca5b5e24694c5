// One WebSocket to the server (docs/protocol.md): says hello on every (re)connect, numbers
// requests so a reply can be matched by its id, pings to notice a dead link, and reconnects
// with a growing delay (0.5 s .. 5 s) when the link drops. What to do after a reconnect
// (join the table again with last_seq) is the session's business: it hears `onOpen`.
import { PROTOCOL_VERSION, replyId, type Outgoing, type ServerMessage } from '../protocol/messages';

export type LinkStatus = 'connecting' | 'open' | 'offline';

export interface ConnectionHandlers {
  /** After `welcome`: the link is ready for requests. */
  onOpen(): void;
  onMessage(m: ServerMessage): void;
  onStatus(s: LinkStatus): void;
}

/** A request's failure: the server's error (code + message), or the link dropped first. */
export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Waiting {
  resolve(m: ServerMessage | null): void;
  reject(e: RequestError): void;
  /** A command the server answers only with the table's next frame (or an error): bot, start, act, ... */
  untilFrame: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/** The messages whose success has no reply of its own: the change shows in the next frame. */
const FRAME_ANSWERED = new Set(['stand', 'bot', 'start', 'act', 'chat', 'rematch', 'leave', 'ready']);
const REPLY_WITHIN_MS = 15_000;

const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 10_000;

export function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class Connection {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, Waiting>();
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private ready = false;
  status: LinkStatus = 'connecting';

  constructor(
    private readonly handlers: ConnectionHandlers,
    private name: () => string,
    private url: string = defaultUrl(),
  ) {
    this.open();
  }

  /**
   * The URL of the next (re)connection, e.g. /ws/CODE once the table is known, so that a proxy
   * routes it to the process holding that table (docs/scaling.md). True if it changed.
   */
  retarget(url: string): boolean {
    if (url === this.url) return false;
    this.url = url;
    return true;
  }

  /** Reconnects at once at `url` if the link is not there already (true: it moves). */
  moveTo(url: string): boolean {
    if (!this.retarget(url) || this.closed) return false;
    this.renew();
    return true;
  }

  /**
   * A new socket at once, without showing a lost link (the server reads the session cookie at
   * the upgrade: after a sign-in the socket must be new). Requests under way fail as offline.
   */
  renew(): void {
    if (this.closed) return;
    const old = this.ws;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      old.close();
    }
    this.ws = null;
    this.ready = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new RequestError('offline', 'the connection moved to the table'));
    }
    this.waiting.clear();
    this.open();
  }

  get isReady(): boolean {
    return this.ready;
  }

  /** Sends a message without waiting for an answer (false: the link is down, nothing sent). */
  send(m: Outgoing): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /**
   * Sends a message with a fresh id. Resolves with the reply carrying that id, or, for a
   * command without a reply of its own (`FRAME_ANSWERED`), with null once the next sequenced
   * frame arrives; an `error` with that id rejects, and so does a lost link or 15 s of silence.
   */
  request(m: Outgoing): Promise<ServerMessage | null> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new RequestError('offline', 'not connected'));
        return;
      }
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new RequestError('timeout', 'the server did not answer'));
      }, REPLY_WITHIN_MS);
      this.waiting.set(id, { resolve, reject, untilFrame: FRAME_ANSWERED.has(m.type), timer });
      this.ws.send(JSON.stringify({ ...m, id }));
    });
  }

  /** Drops the link now and reconnects at once (e.g. the browser says it is online again). */
  reconnectNow(): void {
    this.retries = 0;
    this.ws?.close();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.ws?.close();
  }

  private setStatus(s: LinkStatus): void {
    this.status = s;
    this.handlers.onStatus(s);
  }

  private open(): void {
    this.setStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      const name = this.name().trim();
      // deltas: this client applies delta frames (state/table.ts applyDelta).
      ws.send(
        JSON.stringify(
          name
            ? { type: 'hello', version: PROTOCOL_VERSION, name, deltas: true }
            : { type: 'hello', version: PROTOCOL_VERSION, deltas: true },
        ),
      );
    };
    ws.onmessage = (e: MessageEvent) => this.receive(e.data);
    ws.onclose = () => this.lost(ws);
    ws.onerror = () => {
      /* onclose follows and reconnects; the browser logs the failure itself */
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let m: ServerMessage;
    try {
      m = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (m.type === 'welcome') {
      this.retries = 0;
      this.ready = true;
      this.setStatus('open');
      this.startPing();
      this.handlers.onOpen();
      return;
    }
    const id = replyId(m);
    const w = id !== undefined ? this.waiting.get(id) : undefined;
    if (w && id !== undefined) {
      this.waiting.delete(id);
      clearTimeout(w.timer);
      if (m.type === 'error') w.reject(new RequestError(m.code, m.message));
      else w.resolve(m);
    } else if (m.type === 'update' || m.type === 'delta' || m.type === 'chat') {
      // The server handles a connection's messages in order: a command sent before this frame
      // that got no error by now has been applied (or will show in a later frame).
      for (const [wid, x] of this.waiting) {
        if (!x.untilFrame) continue;
        this.waiting.delete(wid);
        clearTimeout(x.timer);
        x.resolve(null);
      }
    }
    if (m.type !== 'pong') this.handlers.onMessage(m);
  }

  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      const ws = this.ws;
      const timer = setTimeout(() => ws?.close(), PONG_WITHIN_MS);
      this.request({ type: 'ping' }).then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
    }, PING_EVERY_MS);
  }

  private lost(ws: WebSocket): void {
    if (ws !== this.ws) return;
    this.ready = false;
    clearInterval(this.pingTimer);
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new RequestError('offline', 'the connection was lost'));
    }
    this.waiting.clear();
    if (this.closed) return;
    this.setStatus('offline');
    const delay = Math.min(5000, 500 * 2 ** this.retries);
    this.retries++;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
