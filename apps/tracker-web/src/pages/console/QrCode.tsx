import { create } from 'qrcode';

/**
 * `text` as a QR code, drawn here as one SVG path from the modules the qrcode package computes
 * (nothing is fetched, nothing leaves the page). Dark modules on white with the four-module quiet
 * zone scanners expect.
 */
export function QrCode({
  text,
  label,
  size = 200,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const extent = modules.size + quiet * 2;
  let path = '';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (modules.get(y, x)) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
    }
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      data-testid="setup-qr"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
