/** Ids the largest chunk of an arena holds: 4 MiB. */
const CHUNK_IDS = 1 << 20;
/** Ids its first chunk holds (16 KiB), doubling up to CHUNK_IDS: a site of a few pages needs little. */
const FIRST_CHUNK_IDS = 1 << 12;

/**
 * Arrays of ids carved out of large shared buffers. Indexing 10,000 MDN pages makes some 200,000
 * small arrays of term ids (each passage's terms, their distinct terms, each page's passages by
 * term), kept as long as the index: made one by one, each is a buffer of its own outside the
 * heap, allocated, tracked and at last swept by the garbage collector on its own; as views of a
 * few large buffers, they cost an object each (the index of MDN took 28 MB less). An array is
 * never freed alone: a buffer goes when all the arrays in it do.
 */
export class IdArena {
  #chunk = new Uint32Array(0);
  #used = 0;
  #nextChunkIds = FIRST_CHUNK_IDS;

  /** A new array of `length` ids, all 0. */
  take(length: number): Uint32Array {
    if (this.#used + length > this.#chunk.length) {
      // A large array (a long page's text) is a buffer of its own, leaving the chunk in use.
      if (length > CHUNK_IDS >> 4) return new Uint32Array(length);
      this.#chunk = new Uint32Array(Math.max(this.#nextChunkIds, length));
      this.#nextChunkIds = Math.min(CHUNK_IDS, this.#nextChunkIds * 2);
      this.#used = 0;
    }
    const taken = this.#chunk.subarray(this.#used, this.#used + length);
    this.#used += length;
    return taken;
  }

  /** A copy of `ids[start, end)`. */
  copy(ids: Uint32Array, start = 0, end = ids.length): Uint32Array {
    const copied = this.take(end - start);
    copied.set(ids.subarray(start, end));
    return copied;
  }
}

/** A copy of a typed array in a larger one, of `length`: the growth of the index's typed arrays. */
export function grown<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float32Array>(
  array: T,
  length: number,
): T {
  const larger = new (array.constructor as new (length: number) => T)(length);
  larger.set(array);
  return larger;
}
