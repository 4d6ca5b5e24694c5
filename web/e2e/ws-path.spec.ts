// The WebSocket's path (docs/protocol.md): the creator's link stays on the lobby socket /ws
// (the table is made on the server it is connected to) and reconnects to /ws/CODE; a guest from
// an invite link connects to /ws/CODE from the start. So a proxy in front of several servers
// routes both to the table's server (docs/scaling.md).
import { test, expect } from './fixtures';
import { openTable, sitAs } from './helpers';

test('the lobby socket is /ws, a table socket /ws/CODE', async ({ page, server, browser }) => {
  const annaSockets: string[] = [];
  page.on('websocket', (ws) => annaSockets.push(new URL(ws.url()).pathname));
  const code = await openTable(page, server.url, 'Anna', { players: 3, others: ['person', 'easy'], rounds: 1 });
  expect(annaSockets).toEqual(['/ws']);
  const ctx = await browser.newContext();
  const bea = await ctx.newPage();
  const beaSockets: string[] = [];
  bea.on('websocket', (ws) => beaSockets.push(new URL(ws.url()).pathname));
  await sitAs(bea, server.url, code, 'Bea');
  await expect(page.getByRole('button', { name: 'Start the game' })).toBeEnabled();
  expect(beaSockets).toEqual([`/ws/${code}`]);
  await ctx.close();
});
