// The four bot levels for people (docs/bots.md) as the protocol's bot specs, and their names.
export const BOT_LEVELS = ['easy', 'medium', 'hard', 'level:expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

// Literal keys, so the translation test sees every key in use.
const LEVEL_KEYS: Record<string, string> = {
  easy: 'web.app.level_easy',
  medium: 'web.app.level_medium',
  hard: 'web.app.level_hard',
  expert: 'web.app.level_expert',
};

/** The text key of a bot level's name (any other bot spec: "other"). */
export function levelKey(level: string): string {
  const l = level.replace(/^bot:/, '').replace(/^level:/, '');
  return LEVEL_KEYS[l] ?? 'web.app.level_other';
}
