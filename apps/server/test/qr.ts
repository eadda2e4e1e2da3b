import jsQR from 'jsqr';

/**
 * Reads a QR code drawn as SVG by the `qrcode` package back into its text: the dark modules of
 * its path (rows of `h` runs) painted into an image, then decoded by a QR reader, as a banking
 * app's camera would. Throws when the SVG is not such a drawing or holds no readable code.
 */
export function decodeQrSvg(svg: string): string {
  const size = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg);
  if (!size || !path) throw new Error('not a QR code drawn as SVG');
  const modules = Number(size[1]);
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path[1]!.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Math.floor(Number(b))];
    else if (op === 'm') [x, y] = [x + Number(a), y + Math.floor(Number(b ?? 0))];
    else for (let i = 0; i < Number(a); i++) dark.add(`${x++},${y}`);
  }
  const scale = 4;
  const width = modules * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      if (!dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`)) continue;
      const at = (py * width + px) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
    }
  }
  // a CommonJS module whose exports are the function, with itself as `default` too
  const code = jsQR.default(pixels, width, width);
  if (!code) throw new Error('no QR code could be read');
  return Buffer.from(code.binaryData).toString('utf8');
}
