import { executeServerCommand } from '@web/test-runner-commands';

/**
 * The colours the page draws along one row of the viewport, from `left` to `right` (CSS
 * pixels), one `[red, green, blue]` for each CSS pixel: what a visitor sees there, shadows and
 * fills of backgrounds included, which the DOM and computed styles do not say.
 */
export async function drawnRow(y: number, left: number, right: number): Promise<number[][]> {
  const clip = { x: Math.round(left), y: Math.round(y), width: Math.round(right - left), height: 1 };
  const png = (await executeServerCommand('drawn-pixels', clip)) as string;
  const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const scale = bitmap.width / clip.width;
  const pixels = context.getImageData(0, 0, bitmap.width, 1).data;
  return Array.from({ length: clip.width }, (_, x) => {
    const at = Math.floor(x * scale) * 4;
    return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
  });
}
