/** Cuts a stream of buffers into pieces of exactly `size` bytes (the last one shorter). */
export function chunker(size: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return {
    push(buf: Buffer): Buffer[] {
      pending.push(buf);
      pendingBytes += buf.length;
      const out: Buffer[] = [];
      if (pendingBytes < size) return out;
      let all = Buffer.concat(pending, pendingBytes);
      while (all.length >= size) {
        out.push(all.subarray(0, size));
        all = all.subarray(size);
      }
      pending = all.length > 0 ? [all] : [];
      pendingBytes = all.length;
      return out;
    },
    flush(): Buffer | null {
      if (pendingBytes === 0) return null;
      const rest = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return rest;
    },
  };
}
