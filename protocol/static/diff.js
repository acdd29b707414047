// Apply protocol diff ops (docs/protocol.md "Diff ops") to a view, in place; returns the new view.
// ["s", path, value] set (path [] replaces the view), ["d", path] delete a map key,
// ["l", path, start, count, items] splice the array at path. Throws on ops that do not fit: then send resync.
(function (root) {
  function applyDiff(view, ops) {
    for (const op of ops) {
      const kind = op[0], path = op[1];
      if (kind === "s" && path.length === 0) { view = op[2]; continue; }
      const depth = kind === "l" ? path.length : path.length - 1;
      let node = view;
      for (let i = 0; i < depth; i++) node = node[path[i]];
      if (node === null || typeof node !== "object") throw new Error("diff op does not fit the view");
      const key = path[path.length - 1];
      if (kind === "s") node[key] = op[2];
      else if (kind === "d") delete node[key];
      else if (kind === "l" && Array.isArray(node)) node.splice(op[2], op[3], ...op[4]);
      else throw new Error("bad diff op " + kind);
    }
    return view;
  }
  if (typeof module === "object" && module.exports) module.exports = { applyDiff };
  else root.applyDiff = applyDiff;
})(typeof self !== "undefined" ? self : this);
