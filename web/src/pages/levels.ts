// The four bot levels for people (docs/bots.md) as the protocol's bot specs.
export const BOT_LEVELS = ['easy', 'medium', 'hard', 'level:expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** The text key of a bot level's name (web.app.level_easy, ...). */
export function levelKey(level: string): string {
  const l = level.replace(/^bot:/, '').replace(/^level:/, '');
  return ['easy', 'medium', 'hard', 'expert'].includes(l) ? `web.app.level_${l}` : 'web.app.level_other';
}
