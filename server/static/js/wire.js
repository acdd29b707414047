// msgpack frames: a thin wrapper over the vendored @msgpack/msgpack UMD build (global MessagePack, loaded by
// index.html before the modules). Frames are maps with string keys and a "t" type (docs/protocol.md).

const MP = globalThis.MessagePack;

/** Encode one client frame (a plain object) to bytes (Uint8Array). */
export function encodeFrame(obj) {
  return MP.encode(obj);
}

/** Decode one server frame from an ArrayBuffer; throws on bytes that are not one msgpack map with a "t". */
export function decodeFrame(buf) {
  const obj = MP.decode(new Uint8Array(buf));
  if (obj === null || typeof obj !== "object" || typeof obj.t !== "string") {
    throw new Error("frame is not a map with a 't'");
  }
  return obj;
}
