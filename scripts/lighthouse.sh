#!/usr/bin/env bash
# Lighthouse of the web client at a phone profile (Lighthouse's default mobile emulation:
# Moto G Power, slow 4G, 4x CPU slowdown): performance, accessibility, best practices and PWA
# scores of the home page, served by a real `allegra serve --web web/dist`. docs/web.md records
# the scores; accessibility must be 100 (the script fails otherwise).
# Needs: build/release/allegra, web/dist (npm run build), Debian's chromium, npm (Lighthouse 11,
# the last with the PWA category, is fetched by npx into npm's cache; it is not a dependency).
# Usage: scripts/lighthouse.sh [OUT_DIR]   (writes OUT_DIR/lighthouse.json and .html)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${ALLEGRA_BIN:-$root/build/release/allegra}
out=${1:-$root/web/test-results}
chrome=${CHROME_PATH:-/usr/bin/chromium}
[[ -x $bin ]] || { echo "lighthouse: no server binary at $bin: build it first" >&2; exit 1; }
[[ -f $root/web/dist/index.html ]] || { echo "lighthouse: no web/dist: run npm run build in web/" >&2; exit 1; }
[[ -x $chrome ]] || { echo "lighthouse: no chromium at $chrome: apt-get install chromium" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
"$bin" serve --port 0 --db "$tmp/server.sqlite" --web "$root/web/dist" --log-level warn >"$tmp/out" 2>"$tmp/err" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9]*\).*/\1/p' "$tmp/out")
  [[ -n $port ]] && break
  sleep 0.1
done
[[ -n ${port:-} ]] || { echo "lighthouse: the server did not start: $(cat "$tmp/err")" >&2; exit 1; }
echo "lighthouse: http://127.0.0.1:$port/ (phone profile) ..." >&2
CHROME_PATH=$chrome npx --yes lighthouse@11.7.1 "http://127.0.0.1:$port/" --quiet \
  --only-categories=performance,accessibility,best-practices,pwa \
  --chrome-flags="--headless=new --no-sandbox" \
  --output=json --output=html --output-path="$out/lighthouse"
node -e '
  const r = require(process.argv[1]);
  const rows = Object.values(r.categories).map((c) => [c.title, Math.round(c.score * 100)]);
  for (const [t, s] of rows) console.log(`${t.padEnd(16)} ${s}`);
  const a11y = r.categories.accessibility;
  if (Math.round(a11y.score * 100) !== 100) {
    for (const a of Object.values(r.audits)) if (a.score !== null && a.score < 1 && r.categories.accessibility.auditRefs.some((x) => x.id === a.id && x.weight > 0)) console.error(`accessibility: ${a.id}: ${a.title}`);
    process.exit(1);
  }' "$out/lighthouse.report.json"
