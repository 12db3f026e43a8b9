/* kg layout: a fast force-directed pre-layout (Fruchterman-Reingold forces, Barnes-Hut
 * repulsion on a typed-array quadtree). vis-network's own solver costs ~15 us per node and
 * iteration, so a 5,000-node graph would need a minute to settle; this one needs well
 * under a second, and vis-network then only polishes (or, for big graphs, just draws).
 *
 * window.kgLayout(n, from, to, options) -> Float64Array [x0, y0, x1, y1, ...]
 *   n: node count; from/to: Int32Array edge end points (node indices);
 *   options: {length: ideal edge length (px), iterations, seed}
 */
(function () {
  "use strict";

  function rng(seed) {  // mulberry32: small, deterministic
    var a = seed >>> 0;
    return function () {
      a = (a + 0x6D2B79F5) >>> 0;
      var t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function Tree(cap) {
    this.cap = cap;
    this.cx = new Float64Array(cap); this.cy = new Float64Array(cap);      // cell centre
    this.half = new Float64Array(cap);                                     // half side
    this.mass = new Float64Array(cap); this.mx = new Float64Array(cap); this.my = new Float64Array(cap);
    this.child = new Int32Array(cap * 4);
    this.body = new Int32Array(cap);   // -1 empty, -2 internal, >= 0 one body
    this.size = 0;
  }
  Tree.prototype.cell = function (cx, cy, half) {
    var c = this.size++;
    if (c >= this.cap) return -1;
    this.cx[c] = cx; this.cy[c] = cy; this.half[c] = half;
    this.mass[c] = 0; this.mx[c] = 0; this.my[c] = 0; this.body[c] = -1;
    this.child[4 * c] = this.child[4 * c + 1] = this.child[4 * c + 2] = this.child[4 * c + 3] = -1;
    return c;
  };
  Tree.prototype.quadrant = function (c, x, y) {
    var q = (x >= this.cx[c] ? 1 : 0) + (y >= this.cy[c] ? 2 : 0), k = this.child[4 * c + q];
    if (k < 0) {
      var h = this.half[c] / 2;
      k = this.cell(this.cx[c] + (q & 1 ? h : -h), this.cy[c] + (q & 2 ? h : -h), h);
      this.child[4 * c + q] = k;
    }
    return k;
  };
  Tree.prototype.insert = function (i, x, y, m, X, Y, M) {
    var c = 0, depth = 0;
    for (;;) {
      this.mass[c] += m; this.mx[c] += m * x; this.my[c] += m * y;
      var b = this.body[c];
      if (b === -1) { this.body[c] = i; return; }
      if (depth++ > 40) return;               // coincident points: the mass is counted, enough
      if (b >= 0) {                           // split a leaf: push its body one level down
        this.body[c] = -2;
        var k = this.quadrant(c, X[b], Y[b]);
        if (k < 0) return;
        this.mass[k] += M[b]; this.mx[k] += M[b] * X[b]; this.my[k] += M[b] * Y[b]; this.body[k] = b;
      }
      c = this.quadrant(c, x, y);
      if (c < 0) return;
    }
  };

  function layout(n, from, to, options) {
    options = options || {};
    var L = options.length || 100, iterations = options.iterations || 300, theta2 = 1.0;
    var random = rng(options.seed || 7), pos = new Float64Array(2 * n);
    if (!n) return pos;
    var X = new Float64Array(n), Y = new Float64Array(n), DX = new Float64Array(n), DY = new Float64Array(n);
    var M = new Float64Array(n), deg = new Float64Array(n), m = from.length;
    for (var e = 0; e < m; e++) { deg[from[e]]++; deg[to[e]]++; }
    var radius = L * Math.sqrt(n) * 0.6;
    for (var i = 0; i < n; i++) {
      M[i] = 1 + Math.sqrt(deg[i]) / 2;       // hubs push a little harder, so their leaves fan out
      var r = radius * Math.sqrt(random()), a = 2 * Math.PI * random();
      X[i] = r * Math.cos(a); Y[i] = r * Math.sin(a);
    }
    var tree = new Tree(8 * n + 64), stack = new Int32Array(4 * 64 + 16);
    var K2 = L * L, t0 = radius / 6, total = 0;
    for (i = 0; i < n; i++) total += M[i];
    var gravity = 3 * total / n;               // holds the graph in a disc of radius ~L*sqrt(n)/2
    for (var it = 0; it < iterations; it++) {
      var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (i = 0; i < n; i++) {
        if (X[i] < minX) minX = X[i]; if (X[i] > maxX) maxX = X[i];
        if (Y[i] < minY) minY = Y[i]; if (Y[i] > maxY) maxY = Y[i];
      }
      tree.size = 0;
      tree.cell((minX + maxX) / 2, (minY + maxY) / 2, Math.max(maxX - minX, maxY - minY) / 2 + 1);
      for (i = 0; i < n; i++) tree.insert(i, X[i], Y[i], M[i], X, Y, M);
      for (i = 0; i < n; i++) {              // repulsion k^2 m_i m_j / d, far cells as one mass
        var fx = 0, fy = 0, sp = 0;
        stack[sp++] = 0;
        while (sp) {
          var c = stack[--sp], mass = tree.mass[c];
          if (!mass) continue;
          var b = tree.body[c];
          if (b === i) continue;
          var cx = tree.mx[c] / mass, cy = tree.my[c] / mass, dx = X[i] - cx, dy = Y[i] - cy, d2 = dx * dx + dy * dy;
          var w = 2 * tree.half[c];
          if (b >= 0 || w * w < theta2 * d2) {
            if (d2 < 0.01) { dx = random() - 0.5; dy = random() - 0.5; d2 = dx * dx + dy * dy; }
            var f = K2 * M[i] * mass / d2;
            fx += dx * f; fy += dy * f;
          } else if (b === -2) {
            for (var q = 0; q < 4; q++) { var k = tree.child[4 * c + q]; if (k >= 0 && sp < stack.length) stack[sp++] = k; }
          }
        }
        DX[i] = fx - gravity * M[i] * X[i]; DY[i] = fy - gravity * M[i] * Y[i];
      }
      for (e = 0; e < m; e++) {               // attraction d^2 / k along every edge
        var s = from[e], u = to[e];
        if (s === u) continue;
        var ex = X[s] - X[u], ey = Y[s] - Y[u], d = Math.sqrt(ex * ex + ey * ey) + 0.01, g = d / L;
        DX[s] -= ex * g; DY[s] -= ey * g; DX[u] += ex * g; DY[u] += ey * g;
      }
      var temp = t0 * (1 - it / iterations) + L * 0.02;
      for (i = 0; i < n; i++) {              // move at most `temp`, shrinking: simulated cooling
        var len = Math.sqrt(DX[i] * DX[i] + DY[i] * DY[i]);
        if (len > 0) { var step = Math.min(len, temp) / len; X[i] += DX[i] * step; Y[i] += DY[i] * step; }
      }
    }
    for (i = 0; i < n; i++) { pos[2 * i] = X[i]; pos[2 * i + 1] = Y[i]; }
    return pos;
  }

  window.kgLayout = layout;
})();
