/**
 * Images a visitor attaches to a question: checked, then read as data URIs (the ask endpoint's
 * `base64Images`), which pass the URL allow-list here, once (the chat passes it in, so that this
 * chunk imports nothing): the chat draws them without checking
 * again at every update (a data URI is megabytes long). The limits are the reference service's
 * (`LIMITS` in `src/wire/schemas.ts`), repeated here because browser code imports only types from
 * the wire module. `<ask-chat>` imports this module dynamically, the first time a visitor attaches
 * an image.
 */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Raster formats every current browser and the service's vision models read; no SVG. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

export interface ImageAttachment {
  name: string;
  /** `data:image/…;base64,…` */
  dataUri: string;
}

export type RejectedImage = { name: string; reason: 'type' | 'size' | 'count' };

/**
 * Reads the acceptable files among `files`, given that `alreadyAttached` images are attached;
 * the others are returned with why they were refused, so the visitor can be told.
 */
export async function readImages(
  files: Iterable<File>,
  alreadyAttached: number,
  allowed: (dataUri: string) => boolean,
): Promise<{ accepted: ImageAttachment[]; rejected: RejectedImage[] }> {
  const accepted: ImageAttachment[] = [];
  const rejected: RejectedImage[] = [];
  for (const file of files) {
    const name = file.name || 'image';
    if (!IMAGE_TYPES.has(file.type)) rejected.push({ name, reason: 'type' });
    else if (file.size > MAX_IMAGE_BYTES) rejected.push({ name, reason: 'size' });
    else if (alreadyAttached + accepted.length >= MAX_IMAGES) rejected.push({ name, reason: 'count' });
    // A file's type comes from its name: a text file called `shot.png` is no image.
    else if (!(await startsAsAnImage(file))) rejected.push({ name, reason: 'type' });
    else {
      const dataUri = await readAsDataUri(file);
      if (allowed(dataUri)) accepted.push({ name, dataUri });
      else rejected.push({ name, reason: 'type' });
    }
  }
  return { accepted, rejected };
}

/**
 * Whether the file starts as an image of an accepted format does: PNG, JPEG and GIF by their
 * signatures, WebP by its RIFF container, AVIF by its file-type box. Its first bytes are read,
 * not the whole image decoded, which is slow for a photo and fails on some phones for large ones.
 */
async function startsAsAnImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return (
    (head[0] === 0x89 && ascii(1, 4) === 'PNG') ||
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii(0, 4) === 'GIF8' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    (ascii(4, 8) === 'ftyp' && /avi[fs]/.test(ascii(8, 32)))
  );
}

function readAsDataUri(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}
