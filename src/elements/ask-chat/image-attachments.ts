/**
 * Images a visitor attaches to a question: checked, then read as data URIs (the ask endpoint's
 * `base64Images`). The limits are the reference service's (`LIMITS` in `src/wire/schemas.ts`),
 * repeated here because browser code imports only types from the wire module. `<ask-chat>` imports
 * this module dynamically, the first time a visitor attaches an image.
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
): Promise<{ accepted: ImageAttachment[]; rejected: RejectedImage[] }> {
  const accepted: ImageAttachment[] = [];
  const rejected: RejectedImage[] = [];
  for (const file of files) {
    const name = file.name || 'image';
    if (!IMAGE_TYPES.has(file.type)) rejected.push({ name, reason: 'type' });
    else if (file.size > MAX_IMAGE_BYTES) rejected.push({ name, reason: 'size' });
    else if (alreadyAttached + accepted.length >= MAX_IMAGES) rejected.push({ name, reason: 'count' });
    // A file's type comes from its name: a text file called `shot.png` is no image.
    else if (!(await decodes(file))) rejected.push({ name, reason: 'type' });
    else accepted.push({ name, dataUri: await readAsDataUri(file) });
  }
  return { accepted, rejected };
}

/** Whether the browser can decode the file as an image. */
async function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

function readAsDataUri(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}
