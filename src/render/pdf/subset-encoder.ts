// Encoding a font subset without fontkit's stream. fontkit's `subset.encodeStream()` (which
// pdf-lib calls once per font when a document is saved) defers its work with a bundled
// `process.nextTick` shim: ONE module-wide queue drained by whichever request's timer fires
// first. Two documents saved at once in one isolate then run each other's callbacks, and
// workerd refuses to resolve one request's promise from another's (the second request hangs;
// a queue whose timer died with its request stalls every later save). Here the subset is
// encoded synchronously into a plain byte sink, and the result is handed to pdf-lib's
// listeners in a microtask of the request that asked for it.

/** The part of restructure's EncodeStream that fontkit's table encoders write through. */
class ByteSink {
  pos = 0;
  private buffer = new Uint8Array(64 * 1024);
  private view = new DataView(this.buffer.buffer);

  private ensure(bytes: number) {
    if (this.pos + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.pos + bytes) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.pos));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  // Each write reserves its bytes and sets them through the view: no closure per call (a font
  // subset is tens of thousands of single-byte writes).
  writeUInt8(value: number) {
    this.ensure(1);
    this.view.setUint8(this.pos++, value);
  }
  writeInt8(value: number) {
    this.ensure(1);
    this.view.setInt8(this.pos++, value);
  }
  writeUInt16BE(value: number) {
    this.ensure(2);
    this.view.setUint16(this.pos, value);
    this.pos += 2;
  }
  writeInt16BE(value: number) {
    this.ensure(2);
    this.view.setInt16(this.pos, value);
    this.pos += 2;
  }
  writeUInt24BE(value: number) {
    this.ensure(3);
    this.view.setUint8(this.pos, (value >>> 16) & 0xff);
    this.view.setUint16(this.pos + 1, value & 0xffff);
    this.pos += 3;
  }
  writeInt24BE(value: number) {
    this.writeUInt24BE(value < 0 ? value + 0x1000000 : value);
  }
  writeUInt32BE(value: number) {
    this.ensure(4);
    this.view.setUint32(this.pos, value);
    this.pos += 4;
  }
  writeInt32BE(value: number) {
    this.ensure(4);
    this.view.setInt32(this.pos, value);
    this.pos += 4;
  }
  writeFloatBE(value: number) {
    this.ensure(4);
    this.view.setFloat32(this.pos, value);
    this.pos += 4;
  }
  writeDoubleBE(value: number) {
    this.ensure(8);
    this.view.setFloat64(this.pos, value);
    this.pos += 8;
  }
  writeUInt16LE(value: number) {
    this.ensure(2);
    this.view.setUint16(this.pos, value, true);
    this.pos += 2;
  }
  writeInt16LE(value: number) {
    this.ensure(2);
    this.view.setInt16(this.pos, value, true);
    this.pos += 2;
  }
  writeUInt32LE(value: number) {
    this.ensure(4);
    this.view.setUint32(this.pos, value, true);
    this.pos += 4;
  }
  writeInt32LE(value: number) {
    this.ensure(4);
    this.view.setInt32(this.pos, value, true);
    this.pos += 4;
  }

  writeBuffer(bytes: Uint8Array) {
    this.ensure(bytes.length);
    this.buffer.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  writeString(text: string, encoding = "ascii") {
    if (encoding === "utf8") return this.writeBuffer(new TextEncoder().encode(text));
    if (encoding === "ascii" || encoding === "latin1" || encoding === "binary") {
      return this.writeBuffer(Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff));
    }
    if (encoding === "utf16be" || encoding === "utf16le" || encoding === "ucs2") {
      const littleEndian = encoding !== "utf16be";
      this.ensure(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        this.view.setUint16(this.pos, text.charCodeAt(i), littleEndian);
        this.pos += 2;
      }
      return;
    }
    throw new Error(`font subset: unsupported string encoding ${encoding}`);
  }

  /** `length` bytes of `value` (restructure's `fill(val, length)`). */
  fill(value: number, length: number) {
    this.ensure(length);
    this.buffer.fill(value, this.pos, this.pos + length);
    this.pos += length;
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.pos);
  }
}

type Listener = (...args: unknown[]) => void;

interface EncodableSubset {
  encode(stream: unknown): void;
  encodeStream(): unknown;
}

/**
 * Makes `subset.encodeStream()` encode synchronously and emit `data` then `end` (or `error`)
 * in a microtask, to the listeners pdf-lib attaches right after the call.
 */
export function encodeWithoutNextTick<T extends EncodableSubset>(subset: T): T {
  subset.encodeStream = () => {
    const listeners: Record<string, Listener[]> = { data: [], end: [], error: [] };
    const emitter = {
      on(event: string, listener: Listener) {
        const list = listeners[event] ?? [];
        list.push(listener);
        listeners[event] = list;
        return emitter;
      },
    };
    queueMicrotask(() => {
      let bytes: Uint8Array;
      try {
        const sink = new ByteSink();
        subset.encode(sink);
        bytes = sink.bytes();
      } catch (error) {
        for (const listener of listeners.error ?? []) listener(error);
        return;
      }
      for (const listener of listeners.data ?? []) listener(bytes);
      for (const listener of listeners.end ?? []) listener();
    });
    return emitter;
  };
  return subset;
}
