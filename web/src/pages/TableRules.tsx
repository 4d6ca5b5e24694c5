// The rules this table plays by, in one short list (from the TABLE's config).
import { useT } from '../i18n/context';
import type { TableFrame } from '../protocol/view';

export function TableRules(p: { table: TableFrame }) {
  const t = useT();
  const c = p.table.config;
  const o = c.options ?? {};
  const players = o.players ?? 4;
  const rounds = o.rounds ?? 3;
  const limit = o.point_limit ?? 0;
  const items: string[] = [t('web.lobby.rule_players', { players })];
  if (c.rated) items.unshift(t('web.lobby.rated'), t('web.lobby.rated_leave'));
  items.push(rounds > 0 ? t('web.lobby.rule_rounds', { rounds }) : t('web.lobby.rule_no_round_limit'));
  if (limit > 0) items.push(t('web.lobby.rule_point_limit', { limit }));
  if (players > 2) items.push(o.knocking === false ? t('web.lobby.rule_no_knocking') : t('web.lobby.rule_knock_window', { seconds: Math.round(c.knock_window_ms / 1000) }));
  if (o.optional_clearing) items.push(t('web.home.optional_clearing'));
  if (o.discard_draw_may_discard) items.push(t('web.home.discard_draw'));
  if (players <= 3) items.push(t('web.lobby.rule_cards', { cards: (o.small_game_removal ?? 2) > 0 ? 94 : 120 }));
  if (c.turn_clock_ms) items.push(t('web.lobby.rule_clock', { seconds: Math.round(c.turn_clock_ms / 1000) }));
  return (
    <section class="panel table-rules" aria-labelledby="rules-h">
      <h2 id="rules-h">{t('web.lobby.rules')}</h2>
      <ul>
        {items.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </ul>
    </section>
  );
}
