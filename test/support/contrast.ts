/**
 * WCAG 2.2's contrast ratio (1.4.3, 1.4.11) between colours as CSS writes them: `#rrggbb`, or
 * `rgb()`/`rgba()` as `getComputedStyle` returns them. A colour with alpha is first laid over the
 * background it is drawn on.
 */
type Rgba = [number, number, number, number];

export function parseColor(color: string): Rgba {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color.trim());
  if (hex) return [...hex.slice(1).map((h) => parseInt(h, 16)), 1] as Rgba;
  const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (b === undefined) throw new Error(`Not a colour this test reads: ${color}`);
  return [r!, g!, b, a];
}

/** `top` laid over the opaque `under`. */
export function over(top: Rgba, under: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const [R, G, B] = [r, g, b].map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** The ratio of `foreground` drawn on the opaque `background`, from 1 to 21. */
export function contrastRatio(foreground: string | Rgba, background: string | Rgba): number {
  const bg = typeof background === 'string' ? parseColor(background) : background;
  const fg = over(typeof foreground === 'string' ? parseColor(foreground) : foreground, bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
