// stdout and stderr as read from their pipes: counted whole, the last LOG_KEPT_BYTES kept.

import { LOG_KEPT_BYTES, OUTPUT_MAX_BYTES } from './limits';

export class OutputTail {
  private chunks: Buffer[] = [];
  private keptBytes = 0;
  /** Every byte read, kept or not. */
  total = 0;

  constructor(
    private readonly keep = LOG_KEPT_BYTES,
    private readonly max = OUTPUT_MAX_BYTES,
  ) {}

  /** Adds a chunk; false once more than the maximum has been read (the run must stop). */
  push(chunk: Buffer): boolean {
    this.total += chunk.length;
    this.chunks.push(chunk);
    this.keptBytes += chunk.length;
    // Drop whole chunks from the front while what remains still holds the last `keep` bytes.
    for (
      let first = this.chunks[0];
      first && this.keptBytes - first.length >= this.keep;
      first = this.chunks[0]
    ) {
      this.keptBytes -= first.length;
      this.chunks.shift();
    }
    return this.total <= this.max;
  }

  get truncated(): boolean {
    return this.total > this.keep;
  }

  /** The kept tail as UTF-8 (a character cut at the start, and invalid bytes, become U+FFFD). */
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.keep)).toString('utf8');
  }
}
