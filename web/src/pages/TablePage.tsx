// /t/CODE: the table this browser is at, whatever its phase: the lobby, the game (the table
// screen of src/table), and the game's end. A guest arriving by an invite link joins as a
// spectator and takes an open seat with a name; a reload rejoins with the stored token.
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/context';
import { session, useSession } from '../net/session';
import { storage, validName } from '../net/storage';
import { onLinkClick } from '../app/router';
import { TableScreen } from '../table/TableScreen';
import { Lobby } from './Lobby';
import { GameEnd } from './GameEnd';
import { NameField } from './NameField';

export function TablePage(p: { code: string }) {
  const t = useT();
  const s = useSession();
  useEffect(() => {
    session.enterTable(p.code);
  }, [p.code]);
  const ts = s.table;
  const myTurn = !!ts?.table && ts.mySeat !== null && ts.table.pending.some((x) => x.seat === ts.mySeat);
  useEffect(() => {
    const base = `${t('web.app.table_title', { code: p.code })} · ALLEGRA`;
    document.title = myTurn ? `● ${t('narr.turn_started', { actor: 'you', name: '' })} · ${base}` : base;
    return () => {
      document.title = 'ALLEGRA';
    };
  }, [myTurn, p.code, t]);
  if (s.tableProblem) {
    return (
      <div class="page narrow">
        <h1>{t('web.app.table_title', { code: p.code })}</h1>
        <p role="alert">{s.tableProblem.code === 'no_table' ? t('web.app.no_table', { code: p.code }) : s.tableProblem.message}</p>
        <p>
          <a href="/" onClick={(e) => onLinkClick(e, '/')}>
            {t('web.app.home')}
          </a>
        </p>
      </div>
    );
  }
  if (!ts || !ts.table || ts.code !== p.code) {
    return (
      <div class="page narrow">
        <p class="muted" role="status">
          {t('web.app.connecting')}
        </p>
      </div>
    );
  }
  const table = ts.table;
  if (table.status === 'lobby') return <Lobby ts={ts} isCreator={s.isCreator} />;
  return (
    <div class="page table-page">
      <h1 class="sr-only">{t('web.app.table_title', { code: p.code })}</h1>
      {ts.mySeat === null && <TakeSeat ts={ts} />}
      <TableScreen
        table={table}
        events={ts.events}
        chat={ts.chat}
        mySeat={ts.mySeat}
        act={ts.mySeat === null ? undefined : session.act}
        sendChat={session.chat}
        requestHint={table.config.hints ? session.requestHint : undefined}
        ready={ts.mySeat === null ? undefined : session.ready}
        receivedAt={ts.receivedAt}
      />
      {table.status === 'over' && <GameEnd ts={ts} isCreator={s.isCreator} />}
    </div>
  );
}

/** A spectator during a game: a seat given up (played by the zombie bot) may be taken. */
function TakeSeat(p: { ts: NonNullable<typeof session.table> }) {
  const t = useT();
  const [name, setName] = useState(storage.name());
  const table = p.ts.table!;
  const open = table.seats.map((s, i) => (s.kind === 'open' ? i : -1)).filter((i) => i >= 0);
  if (open.length === 0 || table.status !== 'playing') {
    return <p class="spectator-note">{t('web.app.watching')}</p>;
  }
  return (
    <div class="take-seat panel">
      <NameField value={name} onInput={setName} />
      {open.map((i) => (
        <button key={i} type="button" class="primary" disabled={!validName(name)} onClick={() => void session.sit(i, name.trim()).catch(() => {})}>
          {t('web.app.take_seat', { seat: i + 1 })}
        </button>
      ))}
    </div>
  );
}
