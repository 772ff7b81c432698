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

  private number(bytes: number, write: (view: DataView, at: number) => void) {
    this.ensure(bytes);
    write(this.view, this.pos);
    this.pos += bytes;
  }

  writeUInt8(value: number) {
    this.number(1, (v, at) => v.setUint8(at, value));
  }
  writeInt8(value: number) {
    this.number(1, (v, at) => v.setInt8(at, value));
  }
  writeUInt16BE(value: number) {
    this.number(2, (v, at) => v.setUint16(at, value));
  }
  writeInt16BE(value: number) {
    this.number(2, (v, at) => v.setInt16(at, value));
  }
  writeUInt24BE(value: number) {
    this.number(3, (v, at) => {
      v.setUint8(at, (value >>> 16) & 0xff);
      v.setUint16(at + 1, value & 0xffff);
    });
  }
  writeInt24BE(value: number) {
    this.writeUInt24BE(value < 0 ? value + 0x1000000 : value);
  }
  writeUInt32BE(value: number) {
    this.number(4, (v, at) => v.setUint32(at, value));
  }
  writeInt32BE(value: number) {
    this.number(4, (v, at) => v.setInt32(at, value));
  }
  writeFloatBE(value: number) {
    this.number(4, (v, at) => v.setFloat32(at, value));
  }
  writeDoubleBE(value: number) {
    this.number(8, (v, at) => v.setFloat64(at, value));
  }
  writeUInt16LE(value: number) {
    this.number(2, (v, at) => v.setUint16(at, value, true));
  }
  writeInt16LE(value: number) {
    this.number(2, (v, at) => v.setInt16(at, value, true));
  }
  writeUInt32LE(value: number) {
    this.number(4, (v, at) => v.setUint32(at, value, true));
  }
  writeInt32LE(value: number) {
    this.number(4, (v, at) => v.setInt32(at, value, true));
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
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        this.number(2, (v, at) => v.setUint16(at, unit, littleEndian));
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
