// The server's error codes a player can meet have their own words in every language: the codes
// harden added (future_decision, too_many_tables, server_full, bot_not_allowed) included, and every
// code the table maps is one of the schema's ErrorCode list.
import { describe, expect, it } from 'vitest';
import schema from '../../../data/protocol/protocol.schema.json';
import { LANGUAGES, Translator, loadMessages } from '../i18n/i18n';
import { ERROR_KEYS, problemText } from './errors';

const codes = (schema as unknown as { $defs: { ErrorCode: { enum: string[] } } }).$defs.ErrorCode.enum;

describe('problemText', () => {
  it('words the newer error codes in all five languages, not as the server’s English message', async () => {
    for (const lang of LANGUAGES) {
      const tr = new Translator(lang, await loadMessages(lang));
      for (const code of ['future_decision', 'too_many_tables', 'server_full', 'bot_not_allowed']) {
        expect(ERROR_KEYS[code], code).toBeDefined();
        expect(tr.has(ERROR_KEYS[code]!), `${lang}: ${code}`).toBe(true);
        const text = problemText(tr.t, code, 'SERVER MESSAGE');
        expect(text, `${lang}: ${code}`).not.toContain('SERVER MESSAGE');
        expect(text).not.toContain('web.app');
      }
    }
  });

  // Two codes are the client's own: bye (the closing frame) and timeout (connection.ts: a
  // request the server did not answer, worded as a lost link).
  it('maps only codes of the protocol (bye and timeout aside)', () => {
    for (const code of Object.keys(ERROR_KEYS)) if (code !== 'bye' && code !== 'timeout') expect(codes, code).toContain(code);
  });
});
