// The invite link as a QR code (qrcode-generator computes the modules; we draw one SVG path,
// which stays sharp at any size and costs no image request).
import qrcode from 'qrcode-generator';

export function QrCode(p: { text: string; label: string; size?: number }) {
  const qr = qrcode(0, 'M');
  qr.addData(p.text);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  return (
    <svg class="qr" role="img" aria-label={p.label} viewBox={`0 0 ${n + 8} ${n + 8}`} width={p.size ?? 160} height={p.size ?? 160} shape-rendering="crispEdges">
      <rect width={n + 8} height={n + 8} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
