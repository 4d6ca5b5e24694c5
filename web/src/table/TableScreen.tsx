// The table screen (first version: the contract and a plain list of the legal actions; the real
// table with seats around an oval follows). WEB-APP renders it for a game, the replay viewer
// and the rules pictures (read-only: no `act`).
import type { ChatLine, LoggedEvent, TableFrame } from '../protocol/view';

export interface TableScreenProps {
  table: TableFrame;
  events: LoggedEvent[];
  chat: ChatLine[];
  mySeat: number | null;
  act?: (action: string, decision?: number) => void;
  sendChat?: (text: string) => void;
  requestHint?: () => Promise<{ action: string; text: string } | null>;
  receivedAt: number;
}

export function TableScreen(p: TableScreenProps) {
  const mine = p.mySeat === null ? undefined : p.table.pending.find((x) => x.seat === p.mySeat);
  return (
    <section class="table-screen">
      {mine && p.act && (
        <div class="actions">
          {mine.legal.map((a) => (
            <button key={a} type="button" data-action={a} onClick={() => p.act?.(a, mine.decision)}>
              {a}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
