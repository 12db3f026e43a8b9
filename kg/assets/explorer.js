/* kg explorer: draws the embedded graph with vis-network and wires the controls.
 *
 * Safety rule: text from the corpus (titles, abstracts, names, evidence) reaches the
 * screen only through textContent / Text nodes / element properties; this file never
 * parses strings as HTML. Data comes from the inert <script type="application/json">.
 * Test hook: window.kgExplorer (counts, search, filters, `stabilized`).
 */
(function () {
  "use strict";
  var T0 = performance.now();
  var DATA = JSON.parse(document.getElementById("kg-data").textContent);
  var NS = DATA.nodeStyles, ES = DATA.edgeStyles;
  var N = DATA.nodes.length, BIG = N > 1000;
  var $ = function (id) { return document.getElementById(id); };

  // ---------------------------------------------------------------- indexes
  var byId = new Map(), edgeById = new Map(), outE = new Map(), inE = new Map();
  function push(map, key, value) { var a = map.get(key); if (!a) { a = []; map.set(key, a); } a.push(value); }
  DATA.nodes.forEach(function (n) { byId.set(n.id, n); });
  DATA.edges.forEach(function (e, i) {
    e.id = "e" + i; edgeById.set(e.id, e); push(outE, e.from, e); push(inE, e.to, e);
  });
  function kindOf(id) { var n = byId.get(id); return n ? n.kind : null; }
  function nodeStyle(n) { return NS[n.kind] || NS.Other; }
  function edgeStyle(e) { return ES[e.rel] || ES.other; }
  function nameOf(id) {  // untitled papers go by the opening words of their abstract
    var n = byId.get(id);
    if (!n) return String(id).replace(/^paper:/, "");
    return n.kind === "Paper" && !n.title ? n.label : n.name;
  }

  var compEdges = new Set(), compNodes = new Set();
  DATA.edges.forEach(function (e) {
    if (e.rel === "compared_with" && kindOf(e.from) === "Method" && kindOf(e.to) === "Method") {
      compEdges.add(e.id); compNodes.add(e.from); compNodes.add(e.to);
    }
  });
  var kindCounts = new Map(), relCounts = new Map();
  DATA.nodes.forEach(function (n) { kindCounts.set(n.kind, (kindCounts.get(n.kind) || 0) + 1); });
  DATA.edges.forEach(function (e) { relCounts.set(e.rel, (relCounts.get(e.rel) || 0) + 1); });

  // ---------------------------------------------------------------- safe DOM helpers
  function addTo(node, kids) {  // strings become Text nodes; null/undefined/false are skipped
    kids.forEach(function (kid) {
      if (kid !== null && kid !== undefined && kid !== false) node.append(kid instanceof Node ? kid : String(kid));
    });
    return node;
  }
  function add(node) { return addTo(node, Array.prototype.slice.call(arguments, 1)); }
  function el(tag, cls) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    return addTo(node, Array.prototype.slice.call(arguments, 2));
  }
  function svg(tag, attrs) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    return node;
  }
  function badge(kind) {
    var b = el("span", "kg-badge", (NS[kind] || NS.Other).label || kind);
    b.style.background = (NS[kind] || NS.Other).color;
    return b;
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function relLabel(rel) { return (ES[rel] || ES.other).label.replace(/ \(.*\)$/, ""); }
  function safeUrl(url) { return /^https?:\/\//i.test(String(url || "")) ? String(url) : null; }

  // ---------------------------------------------------------------- vis items
  function shade(hex) {
    var v = parseInt(hex.slice(1), 16), f = 0.7;
    var r = Math.round(((v >> 16) & 255) * f), g = Math.round(((v >> 8) & 255) * f), b = Math.round((v & 255) * f);
    return "rgb(" + r + "," + g + "," + b + ")";
  }
  function visNode(n) {
    var st = nodeStyle(n), paper = n.kind === "Paper" || n.kind === "Result";
    var item = {
      id: n.id, label: n.label, shape: st.shape, size: paper ? Math.max(7, n.size * 0.7) : n.size,
      color: { background: st.color, border: shade(st.color),
               highlight: { background: st.color, border: "#0f172a" }, hover: { background: st.color, border: "#0f172a" } },
      font: { color: paper ? "#475569" : "#0f172a", size: paper ? 11 : 15, strokeWidth: 4, strokeColor: "#ffffff" },
      borderWidth: 1.5, hidden: false
    };
    return item;
  }
  function visEdge(e) {
    var st = edgeStyle(e), method = e.level === "method";
    var item = {
      id: e.id, from: e.from, to: e.to, hidden: false,
      color: { color: st.color, highlight: st.color, hover: st.color, opacity: method ? 1.0 : 0.7 },
      width: st.width * (method ? 1.6 : 1), dashes: st.dashes.length ? st.dashes : false,
      arrows: { to: { enabled: true, type: "arrow", scaleFactor: e.rel === "compared_with" ? 0.9 : 0.45 } },
      smooth: e.parallel ? { enabled: true, type: e.parallel % 2 ? "curvedCW" : "curvedCCW",
                             roundness: 0.2 * Math.ceil(e.parallel / 2) } : false
    };
    return item;
  }
  // Pre-layout in kg/assets/layout.js; vis-network then polishes with a few hundred
  // node-iterations at most (its solver costs ~15 us per node and iteration).
  var LENGTH = BIG ? 80 : 75, POLISH = N > 2000 ? 0 : Math.min(300, Math.floor(60000 / Math.max(N, 1)));
  var indexOf = new Map(), from = new Int32Array(DATA.edges.length), to = new Int32Array(DATA.edges.length);
  DATA.nodes.forEach(function (n, i) { indexOf.set(n.id, i); });
  DATA.edges.forEach(function (e, i) { from[i] = indexOf.get(e.from); to[i] = indexOf.get(e.to); });
  var tLayout = performance.now();
  var XY = window.kgLayout(N, from, to, { length: LENGTH, iterations: N > 2000 ? 150 : 300, seed: 7 });
  var layoutMs = Math.round(performance.now() - tLayout);
  var nodes = new vis.DataSet(DATA.nodes.map(function (n, i) {
    var item = visNode(n);
    item.x = XY[2 * i]; item.y = XY[2 * i + 1];
    return item;
  }));
  var edges = new vis.DataSet(DATA.edges.map(visEdge));

  var options = {
    autoResize: true,
    layout: { improvedLayout: false, randomSeed: 7 },
    physics: {
      enabled: POLISH > 0, solver: "barnesHut",
      barnesHut: { gravitationalConstant: -1800, centralGravity: 0.35, springLength: LENGTH, springConstant: 0.04,
                   damping: 0.45, avoidOverlap: 0.4 },
      stabilization: { enabled: POLISH > 0, iterations: Math.max(POLISH, 1), updateInterval: 25, fit: true },
      minVelocity: 1.5, timestep: 0.5, adaptiveTimestep: true
    },
    interaction: { hover: true, tooltipDelay: 200, hideEdgesOnDrag: BIG, hideEdgesOnZoom: BIG, multiselect: false,
                   navigationButtons: false, keyboard: false },
    nodes: { borderWidth: 1.5, chosen: true, scaling: { label: { drawThreshold: 4 } } },
    edges: { smooth: false, selectionWidth: 1.5, hoverWidth: 0.5 }
  };
  var container = $("kg-net"), tNet = performance.now();
  var net = new vis.Network(container, { nodes: nodes, edges: edges }, options);

  // ---------------------------------------------------------------- state, filters
  var api = { stabilized: false, stabilizationMs: null, polishIterations: POLISH,
              timings: { scriptStart: Math.round(T0), layout: layoutMs, network: Math.round(performance.now() - tNet) } };
  var state = { types: new Set(kindCounts.keys()), rels: new Set(relCounts.keys()), only: false, selected: null };
  var hiddenN = new Set(), hiddenE = new Set();

  function nodeShown(n) { return state.types.has(n.kind) && (!state.only || compNodes.has(n.id)); }
  function edgeShown(e) {
    return state.rels.has(e.rel) && (!state.only || compEdges.has(e.id)) && !hiddenN.has(e.from) && !hiddenN.has(e.to);
  }
  function applyFilters() {
    var nu = [], eu = [];
    DATA.nodes.forEach(function (n) {
      var hide = !nodeShown(n);
      if (hide !== hiddenN.has(n.id)) { if (hide) hiddenN.add(n.id); else hiddenN.delete(n.id); nu.push({ id: n.id, hidden: hide }); }
    });
    DATA.edges.forEach(function (e) {
      var hide = !edgeShown(e);
      if (hide !== hiddenE.has(e.id)) { if (hide) hiddenE.add(e.id); else hiddenE.delete(e.id); eu.push({ id: e.id, hidden: hide }); }
    });
    if (nu.length) nodes.update(nu);
    if (eu.length) edges.update(eu);
    if (state.selected && hiddenN.has(state.selected)) clearSelection();
    else highlight(state.selected);
    syncControls();
  }
  // A filter set with one item shown or hidden, or replaced by a whole list of items.
  function updated(set, item, visible) {
    if (Array.isArray(item)) return new Set(item);
    if (visible === false) set.delete(item); else set.add(item);
    return set;
  }
  function setTypeFilter(kind, visible) {
    state.types = updated(state.types, kind, visible);
    applyFilters();
    return api.visibleNodeCount();
  }
  function setRelationFilter(rel, visible) {
    state.rels = updated(state.rels, rel, visible);
    applyFilters();
    return api.visibleEdgeCount();
  }
  // The comparison network gets its own compact layout while shown; the full layout
  // comes back when it is switched off.
  var savedXY = null;
  function setOnlyComparisons(on) {
    on = !!on;
    if (on !== state.only) {
      if (on) compactComparisons(); else restorePositions();
    }
    state.only = on;
    applyFilters();
    fitVisible();
    return api.visibleNodeCount();
  }
  function compactComparisons() {
    var ids = Array.from(compNodes), at = new Map();
    if (!ids.length) return;
    savedXY = net.getPositions(ids);
    ids.forEach(function (id, i) { at.set(id, i); });
    var list = DATA.edges.filter(function (e) { return compEdges.has(e.id); });
    var a = new Int32Array(list.length), b = new Int32Array(list.length);
    list.forEach(function (e, i) { a[i] = at.get(e.from); b[i] = at.get(e.to); });
    var xy = window.kgLayout(ids.length, a, b, { length: 120, iterations: 300, seed: 11 });
    nodes.update(ids.map(function (id, i) { return { id: id, x: xy[2 * i], y: xy[2 * i + 1] }; }));
  }
  function restorePositions() {
    if (!savedXY) return;
    nodes.update(Object.keys(savedXY).map(function (id) { return { id: id, x: savedXY[id].x, y: savedXY[id].y }; }));
    savedXY = null;
  }
  function fitVisible() {
    var ids = DATA.nodes.filter(function (n) { return !hiddenN.has(n.id); }).map(function (n) { return n.id; });
    if (ids.length) net.fit({ nodes: ids, animation: false });
  }
  function reveal(id) {
    var n = byId.get(id);
    if (!n || !hiddenN.has(id)) return;
    state.types.add(n.kind);
    if (state.only && !compNodes.has(id)) { restorePositions(); state.only = false; }
    applyFilters();
  }

  // ---------------------------------------------------------------- neighbourhood highlight
  // A white veil over the drawing, then the neighbourhood drawn again on top: the cost is
  // the neighbourhood's size, not the graph's (restyling 5,000 nodes through the DataSet
  // takes about a second). Uses vis-network 9.1.2's Node.draw / Edge.draw.
  var focusSet = null;
  function incident(id) { return (outE.get(id) || []).concat(inE.get(id) || []); }
  function highlight(id) {
    focusSet = null;
    if (id && !hiddenN.has(id)) {
      focusSet = { nodes: new Set([id]), edges: [] };
      incident(id).forEach(function (e) {
        if (!hiddenE.has(e.id)) { focusSet.edges.push(e.id); focusSet.nodes.add(e.from); focusSet.nodes.add(e.to); }
      });
    }
    net.redraw();
  }
  net.on("afterDrawing", function (ctx) {
    if (!focusSet) return;
    var a = net.DOMtoCanvas({ x: 0, y: 0 }), b = net.DOMtoCanvas({ x: container.clientWidth, y: container.clientHeight });
    ctx.save();
    ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
    ctx.fillRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.restore();
    var body = net.body, labels = [];
    focusSet.edges.forEach(function (eid) { var e = body.edges[eid]; if (e && e.connected) e.draw(ctx); });
    focusSet.edges.forEach(function (eid) { var e = body.edges[eid]; if (e && e.connected) e.drawArrows(ctx); });
    focusSet.nodes.forEach(function (nid) {
      var node = body.nodes[nid];
      if (!node || hiddenN.has(nid)) return;
      var drawn = node.draw(ctx);
      if (drawn && drawn.drawExternalLabel) labels.push(drawn.drawExternalLabel);
    });
    labels.forEach(function (draw) { draw(); });
  });
  function select(id, focus) {
    if (!byId.has(id)) return null;
    reveal(id);
    state.selected = id;
    net.selectNodes([id], false);
    highlight(id);
    showNode(id);
    if (focus) net.focus(id, { scale: Math.max(net.getScale(), 1.1), animation: { duration: 450, easingFunction: "easeInOutQuad" } });
    return id;
  }
  function clearSelection() {
    state.selected = null;
    net.unselectAll();
    highlight(null);
    showOverview();
  }

  // ---------------------------------------------------------------- search
  function fold(s) { return String(s === null || s === undefined ? "" : s).normalize("NFKD").toLowerCase().replace(/[^\p{L}\p{N}]/gu, ""); }
  var index = new Map(), searchable = [];
  DATA.nodes.forEach(function (n) {
    var names = [n.name, n.label, n.pid, n.title].concat(n.aliases || []).filter(Boolean);
    var keys = new Set(names.map(fold).filter(Boolean));
    keys.forEach(function (k) { push(index, k, n.id); });
    searchable.push({ id: n.id, keys: Array.from(keys), rank: n.kind === "Paper" ? 1 : n.kind === "Result" ? 2 : 0 });
  });
  function better(a, b) { return !b || a.rank < b.rank || (a.rank === b.rank && a.len < b.len); }
  function find(query) {
    if (byId.has(query)) return query;
    var q = fold(query);
    if (!q) return null;
    var exact = index.get(q);
    if (exact) {
      return exact.slice().sort(function (a, b) {
        return (kindOf(a) === "Paper") - (kindOf(b) === "Paper") || (kindOf(a) === "Result") - (kindOf(b) === "Result");
      })[0];
    }
    var best = null;
    searchable.forEach(function (s) {
      s.keys.forEach(function (k) {
        var at = k.indexOf(q);
        if (at < 0) return;
        var cand = { id: s.id, rank: s.rank * 2 + (at === 0 ? 0 : 1), len: k.length };
        if (better(cand, best)) best = cand;
      });
    });
    return best ? best.id : null;
  }
  function status(text, ok) { var s = $("kg-status"); s.textContent = text || ""; s.className = ok ? "kg-ok" : ""; }
  function search(query) {
    var id = find(query);
    if (!id) { status("No node matches \u201c" + query + "\u201d"); return null; }
    var n = byId.get(id);
    status("Found " + (NS[n.kind] || NS.Other).label.toLowerCase() + " \u201c" + nameOf(id) + "\u201d", true);
    return select(id, true);
  }

  // ---------------------------------------------------------------- tooltips
  var tip = $("kg-tip"), wrap = $("kg-net-wrap"), mouse = { x: 0, y: 0 };
  wrap.addEventListener("mousemove", function (ev) {
    var r = wrap.getBoundingClientRect();
    mouse = { x: ev.clientX - r.left, y: ev.clientY - r.top };
    if (!tip.hidden) placeTip();
  });
  function placeTip() {
    var w = wrap.clientWidth, h = wrap.clientHeight, tw = tip.offsetWidth, th = tip.offsetHeight;
    var x = mouse.x + 16, y = mouse.y + 16;
    if (x + tw > w - 4) x = Math.max(4, mouse.x - tw - 16);
    if (y + th > h - 4) y = Math.max(4, h - th - 4);
    tip.style.left = x + "px"; tip.style.top = y + "px";
  }
  function showTip(content) { tip.replaceChildren(content); tip.hidden = false; placeTip(); }
  function hideTip() { tip.hidden = true; }
  function row(label, value) { return value ? el("div", "kg-tip-row", el("b", null, label + ": "), value) : null; }
  function mentioningPapers(id) {
    var seen = new Set();
    (inE.get(id) || []).forEach(function (e) { if (kindOf(e.from) === "Paper") seen.add(e.from); });
    return Array.from(seen);
  }
  function titleList(ids, max) {
    var ul = el("ul");
    ids.slice(0, max).forEach(function (p) { ul.append(el("li", null, nameOf(p))); });
    if (ids.length > max) ul.append(el("li", null, "\u2026 and " + (ids.length - max) + " more"));
    return ul;
  }
  function nodeTip(n) {
    var box = el("div", null, el("div", "kg-tip-title", nameOf(n.id)), badge(n.kind));
    if (n.kind === "Paper") {
      add(box, row("Identifier", n.pid), row("Authors", (n.authors || []).slice(0, 4).join(", ") + ((n.authors || []).length > 4 ? ", \u2026" : "")),
                 row("Year", n.year), row("Venue", n.venue), row("Facts", plural((outE.get(n.id) || []).length, "extracted relation")));
    } else if (n.kind === "Result") {
      add(box, row("Method", n.method && nameOf(n.method)), row("Metric", n.metric && nameOf(n.metric)),
                 row("Dataset", n.dataset && nameOf(n.dataset)), row("Task", n.task && nameOf(n.task)),
                 row("Relative to", n.baseline && nameOf(n.baseline)));
      if (n.evidence) box.append(el("div", "kg-quote", n.evidence));
    } else {
      add(box, row("Also known as", (n.aliases || []).slice(0, 10).join(", ")), row("Variant of", n.variant_of && nameOf(n.variant_of)));
      var papers = mentioningPapers(n.id);
      box.append(el("div", "kg-tip-row", el("b", null, papers.length ? "Mentioned in " + plural(papers.length, "paper") + ":" : "Mentioned in no paper of this view")));
      if (papers.length) box.append(titleList(papers, 5));
    }
    return box;
  }
  function edgeTip(e) {
    var box = el("div", null, el("div", "kg-tip-title", nameOf(e.from) + " \u2192 " + nameOf(e.to)),
                 el("div", null, el("b", null, relLabel(e.rel)), e.level === "method" ? " (method level)" : e.level === "paper" ? " (stated in the paper)" : ""));
    if (e.evidence) box.append(el("div", "kg-quote", e.evidence));
    var papers = e.papers || [];
    if (papers.length === 1) box.append(row("Paper", nameOf(papers[0])));
    else if (papers.length > 1) { box.append(el("div", "kg-tip-row", el("b", null, "Supported by " + papers.length + " papers:"))); box.append(titleList(papers, 4)); }
    if (e.confidence !== undefined) add(box, row("Confidence", String(e.confidence)));
    if (e.rule) add(box, row("Found by", e.rule));
    return box;
  }
  net.on("hoverNode", function (p) { var n = byId.get(p.node); if (n) showTip(nodeTip(n)); });
  net.on("hoverEdge", function (p) { var e = edgeById.get(p.edge); if (e) showTip(edgeTip(e)); });
  net.on("blurNode", hideTip);
  net.on("blurEdge", hideTip);
  net.on("dragStart", hideTip);
  net.on("zoom", hideTip);
  wrap.addEventListener("mouseleave", hideTip);

  // ---------------------------------------------------------------- side panel
  var panel = $("kg-panel");
  function chip(id, note, hint) {
    var n = byId.get(id), b = el("button", "kg-chip");
    b.type = "button";
    var dot = el("span", "kg-dot");
    dot.style.background = n ? nodeStyle(n).color : "#94a3b8";
    add(b, dot, el("span", null, nameOf(id)), note ? el("small", null, note) : null);
    if (hint) b.title = hint;
    if (n) b.addEventListener("click", function () { select(id, true); });
    else b.disabled = true;
    return b;
  }
  function counterparts(id, dir, rel, kind) {
    var list = dir === "out" ? outE.get(id) || [] : inE.get(id) || [], found = new Map();
    list.forEach(function (e) {
      var other = dir === "out" ? e.to : e.from;
      if ((rel !== "*" && e.rel !== rel) || (kind && kindOf(other) !== kind)) return;
      var f = found.get(other) || { edges: [] };
      f.edges.push(e);
      found.set(other, f);
    });
    return found;
  }
  function section(title, found, always) {
    if (!found.size && !always) return null;
    var box = el("div", null, el("h3", null, title + (found.size ? " (" + found.size + ")" : "")));
    if (!found.size) { box.append(el("p", "kg-none", "none found")); return box; }
    var items = el("div", "kg-items");
    found.forEach(function (f, other) {
      var papers = new Set(), rels = new Set(), evidence = null;
      f.edges.forEach(function (e) { (e.papers || []).forEach(function (p) { papers.add(p); }); rels.add(relLabel(e.rel)); evidence = evidence || e.evidence; });
      var note = f.edges.some(function (e) { return e.level === "method"; }) ? plural(papers.size, "paper") : null;
      if (kindOf(other) === "Paper" && rels.size && title.indexOf("Papers") === 0) note = Array.from(rels).join(", ");
      items.append(chip(other, note, evidence));
    });
    box.append(items);
    return box;
  }
  var SECTIONS = {
    Method: [["Baselines it is compared against", "out", "compared_with", "Method", true],
             ["Methods compared against it", "in", "compared_with", "Method", true],
             ["Proposed in", "in", "proposes", "Paper"], ["Evaluated on", "out", "evaluated_on", null],
             ["Builds on", "out", "builds_on", null], ["Built on by", "in", "builds_on", "Method"],
             ["Variant of", "out", "variant_of", null], ["Variants", "in", "variant_of", null],
             ["Papers that mention it", "in", "*", "Paper"]],
    Entity: [["Variant of", "out", "variant_of", null], ["Variants", "in", "variant_of", null],
             ["Methods evaluated on it", "in", "evaluated_on", "Method"], ["Methods built on it", "in", "builds_on", "Method"],
             ["Papers that mention it", "in", "*", "Paper"]],
    Paper: [["Proposes", "out", "proposes", null], ["Compared with", "out", "compared_with", null],
            ["Evaluated on", "out", "evaluated_on", null], ["Builds on", "out", "builds_on", null],
            ["Addresses", "out", "addresses", null], ["Uses metric", "out", "uses_metric", null],
            ["Mentions", "out", "mentions", null], ["Results", "out", "has_result", null]]
  };
  function meta(label, value) { return value ? el("div", "kg-meta", el("b", null, label + ": "), value) : null; }
  function link(label, url) {
    var safe = safeUrl(url);
    if (!safe) return meta(label, url);
    var a = el("a", null, safe);
    a.href = safe; a.target = "_blank"; a.rel = "noopener noreferrer";
    return el("div", "kg-meta", el("b", null, label + ": "), a);
  }
  function showNode(id) {
    var n = byId.get(id);
    var parts = [badge(n.kind), el("h2", null, n.kind === "Paper" && !n.title ? "Paper " + n.pid : n.name)];
    if (n.kind === "Paper") {
      parts.push(meta("Identifier", n.pid), meta("Authors", (n.authors || []).join(", ")), meta("Year", n.year),
                 meta("Venue", n.venue), meta("Source", n.source), link("URL", n.url), link("Code", n.code),
                 el("h3", null, "Abstract"), el("p", "kg-abstract", n.abstract || "(no abstract)"));
    } else if (n.kind === "Result") {
      parts.push(meta("Value", n.value_text), meta("Confidence", n.confidence), n.evidence ? el("div", "kg-quote", n.evidence) : null);
      [["Paper", n.paper && "paper:" + n.paper], ["Method", n.method], ["Metric", n.metric], ["Dataset", n.dataset],
       ["Task", n.task], ["Relative to", n.baseline]].forEach(function (r) { if (r[1]) parts.push(el("h3", null, r[0]), el("div", "kg-items", chip(r[1]))); });
    } else {
      parts.push(meta("Also known as", (n.aliases || []).join(", ")), meta("Key", n.id));
      (n.same_as || []).forEach(function (iri) { parts.push(link("Same as", iri)); });
    }
    var spec = SECTIONS[n.kind] || (n.kind === "Result" ? [] : SECTIONS.Entity);
    spec.forEach(function (s) { parts.push(section(s[0], counterparts(id, s[1], s[2], s[3]), s[4])); });
    panel.replaceChildren.apply(panel, parts.filter(Boolean));
    panel.scrollTop = 0;
  }
  function showEdge(eid) {
    var e = edgeById.get(eid);
    if (!e) return;
    var parts = [el("h2", null, relLabel(e.rel)), el("div", "kg-items", chip(e.from), el("span", null, "\u2192"), chip(e.to)),
                 meta("Level", e.level), e.confidence !== undefined ? meta("Confidence", String(e.confidence)) : null,
                 e.rule ? meta("Found by", e.rule) : null];
    if (e.evidence) parts.push(el("h3", null, "Evidence"), el("div", "kg-quote", e.evidence));
    if ((e.papers || []).length) {
      var items = el("div", "kg-items");
      e.papers.forEach(function (p) { items.append(chip(p)); });
      parts.push(el("h3", null, "Papers"), items);
    }
    panel.replaceChildren.apply(panel, parts.filter(Boolean));
  }
  function showOverview() {
    var parts = [el("h2", null, "Overview")];
    Object.keys(NS).forEach(function (k) { if (kindCounts.get(k)) parts.push(meta(NS[k].label + "s", String(kindCounts.get(k)))); });
    parts.push(meta("Edges", String(DATA.edges.length)), meta("Comparisons between methods", String(compEdges.size)));
    var used = new Map();
    DATA.edges.forEach(function (e) { if (e.rel === "compared_with" && kindOf(e.to) === "Method") used.set(e.to, (used.get(e.to) || 0) + (e.level === "method" ? 0 : 1)); });
    var top = Array.from(used.entries()).filter(function (x) { return x[1] > 0; })
      .sort(function (a, b) { return b[1] - a[1] || String(nameOf(a[0])).localeCompare(nameOf(b[0])); }).slice(0, 10);
    if (top.length) {
      var ol = el("ol", "kg-rank");
      top.forEach(function (t) {
        var b = el("button", null, nameOf(t[0]));
        b.type = "button";
        b.addEventListener("click", function () { select(t[0], true); });
        ol.append(el("li", null, b, " \u2014 baseline in " + plural(t[1], "paper")));
      });
      parts.push(el("h3", null, "Most-used baselines"), ol);
    }
    parts.push(el("p", "kg-hint", "Click a paper to read its abstract; click a method to see its baselines and the methods compared against it."));
    panel.replaceChildren.apply(panel, parts);
  }

  // ---------------------------------------------------------------- legend and controls
  function shapeSwatch(st) {
    var s = svg("svg", { width: 18, height: 18, viewBox: "0 0 18 18" }), c = { fill: st.color, stroke: shade(st.color), "stroke-width": 1.2 };
    var shapes = {
      dot: ["circle", { cx: 9, cy: 9, r: 6.5 }], square: ["rect", { x: 3, y: 3, width: 12, height: 12 }],
      diamond: ["polygon", { points: "9,1.5 16.5,9 9,16.5 1.5,9" }], triangle: ["polygon", { points: "9,2 16.5,15.5 1.5,15.5" }],
      triangleDown: ["polygon", { points: "1.5,2.5 16.5,2.5 9,16" }],
      star: ["polygon", { points: "9,1 11.1,6.3 16.6,6.5 12.3,10 13.8,15.5 9,12.4 4.2,15.5 5.7,10 1.4,6.5 6.9,6.3" }],
      hexagon: ["polygon", { points: "5,2 13,2 17,9 13,16 5,16 1,9" }]
    };
    var sh = shapes[st.shape] || shapes.dot;
    s.append(svg(sh[0], Object.assign({}, sh[1], c)));
    return s;
  }
  function lineSwatch(st) {
    var s = svg("svg", { width: 36, height: 12, viewBox: "0 0 36 12" });
    s.append(svg("line", { x1: 1, y1: 6, x2: 28, y2: 6, stroke: st.color, "stroke-width": Math.max(1.5, st.width),
                           "stroke-dasharray": st.dashes.length ? st.dashes.join(",") : "none" }));
    s.append(svg("polygon", { points: "27,1.5 35,6 27,10.5", fill: st.color }));
    return s;
  }
  var legendInputs = { kind: new Map(), rel: new Map() };
  function legendRow(box, swatch, label, count, checked, onChange) {
    var input = el("input");
    input.type = "checkbox"; input.checked = checked;
    var row = el("label", null, input, swatch, el("span", null, label), el("span", "kg-count", String(count)));
    input.addEventListener("change", function () { onChange(input.checked); });
    box.append(row);
    return input;
  }
  Object.keys(NS).forEach(function (k) {
    if (!kindCounts.get(k)) return;
    legendInputs.kind.set(k, legendRow($("kg-legend-nodes"), shapeSwatch(NS[k]), NS[k].label, kindCounts.get(k), true,
                                       function (on) { setTypeFilter(k, on); }));
  });
  Object.keys(ES).forEach(function (r) {
    if (!relCounts.get(r)) return;
    legendInputs.rel.set(r, legendRow($("kg-legend-edges"), lineSwatch(ES[r]), ES[r].label, relCounts.get(r), true,
                                      function (on) { setRelationFilter(r, on); }));
  });
  function syncControls() {
    legendInputs.kind.forEach(function (input, k) { input.checked = state.types.has(k); input.parentNode.classList.toggle("kg-off", !input.checked); });
    legendInputs.rel.forEach(function (input, r) { input.checked = state.rels.has(r); input.parentNode.classList.toggle("kg-off", !input.checked); });
    $("kg-only-comparisons").checked = state.only;
    $("kg-counts").textContent = plural(N, "node") + " \u00b7 " + plural(DATA.edges.length, "edge") +
      (hiddenN.size || hiddenE.size ? " \u00b7 showing " + (N - hiddenN.size) + " / " + (DATA.edges.length - hiddenE.size) : "");
  }
  $("kg-only-comparisons").addEventListener("change", function (ev) { setOnlyComparisons(ev.target.checked); });
  $("kg-fit").addEventListener("click", fitVisible);
  $("kg-reset").addEventListener("click", function () { reset(); });
  function reset() {
    if (state.only) restorePositions();
    state.types = new Set(kindCounts.keys()); state.rels = new Set(relCounts.keys()); state.only = false;
    applyFilters(); clearSelection(); status(""); net.fit({ animation: false });
  }
  var input = $("kg-search"), names = $("kg-names"), seenNames = new Set();
  DATA.nodes.forEach(function (n) {
    if (n.kind === "Result") return;
    [n.name].concat(n.aliases || []).forEach(function (name) {
      if (!name || seenNames.has(name)) return;
      seenNames.add(name);
      var o = document.createElement("option");
      o.value = name;
      names.append(o);
    });
  });
  input.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); search(input.value); } });
  $("kg-go").addEventListener("click", function () { search(input.value); });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { clearSelection(); hideTip(); } });

  net.on("click", function (p) {
    if (p.nodes.length) select(p.nodes[0], false);
    else if (p.edges.length) { state.selected = null; highlight(null); showEdge(p.edges[0]); }
    else clearSelection();
  });

  // ---------------------------------------------------------------- physics: stabilise, then stop
  var bar = $("kg-progress-bar"), text = $("kg-progress-text");
  text.textContent = "Laying out " + plural(N, "node") + "\u2026";
  net.on("stabilizationProgress", function (p) {
    var f = p.total ? p.iterations / p.total : 1;
    bar.style.width = Math.round(100 * f) + "%";
  });
  function stabilized() {
    if (api.stabilized) return;
    net.setOptions({ physics: false });
    api.stabilized = true;
    api.stabilizationMs = Math.round(performance.now() - T0);
    api.timings.stable = Math.round(performance.now());
    $("kg-progress").classList.add("kg-done");
    net.fit({ animation: false });
  }
  net.once("stabilizationIterationsDone", stabilized);
  net.once("stabilized", stabilized);
  if (!N || POLISH <= 0) stabilized();

  // ---------------------------------------------------------------- test and console hook
  Object.assign(api, {
    network: net, nodes: nodes, edges: edges, data: DATA,
    nodeCount: function () { return Object.keys(net.body.nodes).length; },
    edgeCount: function () { return Object.keys(net.body.edges).length; },
    visibleNodeCount: function () { return N - hiddenN.size; },
    visibleEdgeCount: function () { return DATA.edges.length - hiddenE.size; },
    isVisible: function (id) { return byId.has(id) && !hiddenN.has(id); },
    find: find, search: search, select: function (id) { return select(id, true); }, showEdge: showEdge,
    selected: function () { return state.selected; },
    highlighted: function () { return focusSet ? Array.from(focusSet.nodes).sort() : []; },
    setTypeFilter: setTypeFilter, setRelationFilter: setRelationFilter, setOnlyComparisons: setOnlyComparisons,
    reset: reset
  });
  window.kgExplorer = api;
  syncControls();
  showOverview();
})();
