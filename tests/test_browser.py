"""The HTML explorer in a real browser: Debian's headless Chromium, driven over the DevTools protocol.

No extra dependency: Chromium is started with `--remote-debugging-pipe`, which speaks
NUL-separated JSON on file descriptors 3 (commands in) and 4 (answers out); `sh` wires
them to our stdin/stdout pipes. Each test opens its page in a fresh tab and checks
console errors, network requests and what vis-network holds.

Also a tool: `python tests/test_browser.py PAGE.html OUT.png [--select NAME]` takes the
screenshot in docs/ once the layout has settled.
"""

from __future__ import annotations

import base64
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx
import pytest

CHROMIUM = Path(os.environ.get("KG_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars"]

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(),
                                 reason=f"headless Chromium not found at {CHROMIUM} (apt-get install chromium)")]


# --- a minimal DevTools-protocol client --------------------------------------------------------
class Browser:
    """One headless Chromium; `send` a command and get its result, events are kept in order."""

    def __init__(self, binary: Path = CHROMIUM) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="kg-chromium-")
        args = [str(binary), *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self.profile.name}", "about:blank"]
        self.proc = subprocess.Popen(["/bin/sh", "-c", 'exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null', *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        self.buffer = b""
        self.last_id = 0
        self.events: list[dict] = []

    def _next_message(self, deadline: float) -> dict:
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            if select.select([self.proc.stdout], [], [], left)[0]:
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise EOFError("Chromium closed the DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30) -> dict:
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.proc.stdin.write(json.dumps(message).encode() + b"\0")
        self.proc.stdin.flush()
        deadline = time.monotonic() + timeout
        while True:
            answer = self._next_message(deadline)
            if answer.get("id") == self.last_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method: str, session: str, timeout: float = 30) -> dict:
        deadline, seen = time.monotonic() + timeout, 0
        while True:
            for event in self.events[seen:]:
                if event.get("method") == method and event.get("sessionId") == session:
                    return event
            seen = len(self.events)
            self.events.append(self._next_message(deadline))

    def open(self, path: Path, width: int = 1400, height: int = 900) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(f"{domain}.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        page = Page(self, target, session, path.resolve().as_uri())
        self.send("Page.navigate", {"url": page.url}, session=session)
        self.wait_event("Page.loadEventFired", session, timeout=60)
        return page

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=5)
            self.proc.wait(10)
        except Exception:  # noqa: BLE001 - whatever went wrong, make sure our Chromium is gone
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.profile.cleanup()


class Page:
    """A tab: evaluate JavaScript, wait for a condition, read its console and requests."""

    def __init__(self, browser: Browser, target: str, session: str, url: str) -> None:
        self.browser, self.target, self.session, self.url = browser, target, session, url

    def eval(self, expression: str, timeout: float = 30):  # noqa: ANN201 - any JSON value
        result = self.browser.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                        "returnByValue": True}, self.session, timeout)
        if "exceptionDetails" in result:
            raise AssertionError(f"page raised: {json.dumps(result['exceptionDetails'])[:600]}")
        return result["result"].get("value")

    def wait_for(self, condition: str, timeout: float = 30) -> None:
        """Poll a JS condition inside the page until it is true."""
        self.eval(f"""new Promise((ok, fail) => {{ const t0 = Date.now(); (function poll() {{
            if ({condition}) ok(true);
            else if (Date.now() - t0 > {int(timeout * 1000)}) fail(new Error("timeout: " + {json.dumps(condition)}));
            else setTimeout(poll, 25); }})(); }})""", timeout + 5)

    def ready(self, timeout: float = 60) -> None:
        self.wait_for("window.kgExplorer && window.kgExplorer.stabilized", timeout)

    def _events(self, *methods: str) -> list[dict]:
        return [e["params"] for e in self.browser.events
                if e.get("sessionId") == self.session and e["method"] in methods]

    def console_errors(self) -> list[str]:
        """Uncaught exceptions, console.error/assert calls and browser log errors (CSP, network)."""
        self.eval("0")  # flush: events sent before this answer are now recorded
        errors = [json.dumps(p["exceptionDetails"])[:400] for p in self._events("Runtime.exceptionThrown")]
        errors += [json.dumps(p["args"])[:400] for p in self._events("Runtime.consoleAPICalled")
                   if p["type"] in ("error", "assert")]
        errors += [p["entry"].get("text", "") for p in self._events("Log.entryAdded") if p["entry"]["level"] == "error"]
        return errors

    def requests(self) -> list[str]:
        self.eval("0")
        return [p["request"]["url"] for p in self._events("Network.requestWillBeSent")]

    def mouse(self, kind: str, x: float, y: float) -> None:
        params = {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" else "none", "clickCount": 1}
        self.browser.send("Input.dispatchMouseEvent", params, self.session)

    def node_xy(self, key: str) -> tuple[float, float]:
        """Viewport coordinates of a node's centre."""
        return tuple(self.eval(f"""(() => {{ const n = kgExplorer.network, id = {json.dumps(key)};
            const p = n.canvasToDOM(n.getPositions([id])[id]);
            const r = document.getElementById("kg-net").getBoundingClientRect();
            return [r.left + p.x, r.top + p.y]; }})()"""))

    def click_node(self, key: str) -> None:
        x, y = self.node_xy(key)
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def screenshot(self, path: Path) -> None:
        shot = self.browser.send("Page.captureScreenshot", {"format": "png"}, self.session)
        Path(path).write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        self.browser.send("Target.closeTarget", {"targetId": self.target})


# --- fixtures ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    b = Browser()
    yield b
    b.close()


@pytest.fixture(scope="module")
def seed(seed_build):
    """The seed corpus graph and its graph.html, as `kg build` wrote them."""
    kg, out = seed_build
    return kg.to_networkx(), out / "graph.html"


@pytest.fixture
def seed_page(browser, seed):
    page = browser.open(seed[1])
    page.ready()
    yield page
    page.close()


def methods_with_comparisons(G: nx.MultiDiGraph) -> list[tuple[str, str]]:
    return sorted((u, v) for u, v, k in G.edges(keys=True)
                  if k == "compared_with" and G.nodes[u].get("kind") == G.nodes[v].get("kind") == "Method")


# --- the seed graph ---------------------------------------------------------------------------
def test_seed_page_is_offline_error_free_and_complete(seed, seed_page):
    G, html_path = seed
    assert seed_page.console_errors() == []
    assert seed_page.requests() == [html_path.resolve().as_uri()]  # the page itself, nothing else
    assert seed_page.eval("performance.getEntriesByType('resource').length") == 0
    counts = seed_page.eval("""[kgExplorer.nodeCount(), kgExplorer.edgeCount(), kgExplorer.nodes.length,
        kgExplorer.edges.length, kgExplorer.visibleNodeCount(), kgExplorer.network.body.nodeIndices.length]""")
    n, m = G.number_of_nodes(), G.number_of_edges()
    assert counts == [n, m, n, m, n, n]
    assert seed_page.eval("kgExplorer.network.physics.options.enabled") is False  # stabilised, then stopped
    legend = seed_page.eval("document.getElementById('kg-legend-nodes').textContent")
    assert "Method" in legend and "Paper" in legend


def test_search_focuses_the_node(seed, seed_page):
    G, _ = seed
    key, d = next((k, d) for k, d in sorted(G.nodes(data=True)) if d.get("kind") == "Method" and d.get("aliases"))
    seed_page.eval(f"""document.getElementById('kg-search').value = {json.dumps(d['aliases'][0])};
                       document.getElementById('kg-go').click()""")
    assert seed_page.eval("kgExplorer.selected()") == key
    assert seed_page.eval("kgExplorer.network.getSelectedNodes()") == [key]
    seed_page.wait_for(f"""(() => {{ const n = kgExplorer.network, id = {json.dumps(key)};
        const p = n.getPositions([id])[id], v = n.getViewPosition();
        return Math.hypot(p.x - v.x, p.y - v.y) < 2; }})()""", 5)
    assert seed_page.eval("document.querySelector('#kg-panel h2').textContent") == d["label"]
    assert seed_page.eval(f"kgExplorer.search({json.dumps(d['label'].lower())})") == key  # by folded name
    assert seed_page.eval("kgExplorer.search('zz no such thing zz')") is None
    assert "No node matches" in seed_page.eval("document.getElementById('kg-status').textContent")
    assert seed_page.console_errors() == []


def test_type_relation_and_comparison_filters(seed, seed_page):
    from kg.visualize import comparison_network

    G, _ = seed
    tasks = {k for k, d in G.nodes(data=True) if d.get("kind") == "Task"}
    assert tasks, "the seed graph has tasks"
    seed_page.eval("""[...document.querySelectorAll('#kg-legend-nodes label')]
                      .find(l => l.textContent.includes('Task')).querySelector('input').click()""")
    kept_edges = sum(1 for u, v in G.edges() if u not in tasks and v not in tasks)
    visible = seed_page.eval("""[kgExplorer.visibleNodeCount(), kgExplorer.network.body.nodeIndices.length,
        kgExplorer.visibleEdgeCount(), kgExplorer.network.body.edgeIndices.length]""")
    assert visible == [G.number_of_nodes() - len(tasks)] * 2 + [kept_edges] * 2
    some_task = sorted(tasks)[0]
    assert seed_page.eval(f"kgExplorer.nodes.get({json.dumps(some_task)}).hidden") is True
    assert seed_page.eval(f"kgExplorer.isVisible({json.dumps(some_task)})") is False
    seed_page.eval("kgExplorer.setTypeFilter('Task', true)")
    assert seed_page.eval("kgExplorer.visibleNodeCount()") == G.number_of_nodes()

    mentions = sum(1 for *_, k in G.edges(keys=True) if k == "mentions")
    assert seed_page.eval("kgExplorer.setRelationFilter('mentions', false)") == G.number_of_edges() - mentions
    seed_page.eval("kgExplorer.setRelationFilter('mentions', true)")

    C = comparison_network(G)
    where = f"kgExplorer.network.getPositions([{json.dumps(min(C))}])"
    before = seed_page.eval(where)
    seed_page.eval("document.getElementById('kg-only-comparisons').click()")
    assert seed_page.eval("[kgExplorer.visibleNodeCount(), kgExplorer.visibleEdgeCount()]") == \
        [C.number_of_nodes(), C.number_of_edges()]
    assert seed_page.eval(where) != before  # laid out on its own, compactly
    seed_page.eval("kgExplorer.reset()")
    assert seed_page.eval("kgExplorer.visibleNodeCount()") == G.number_of_nodes()
    assert seed_page.eval(where) == before  # and back in place
    some_task_label = G.nodes[some_task]["label"]  # search reveals a node its type filter hid
    seed_page.eval("kgExplorer.setTypeFilter('Task', false)")
    assert seed_page.eval(f"kgExplorer.search({json.dumps(some_task_label)})") == some_task
    assert seed_page.eval(f"kgExplorer.isVisible({json.dumps(some_task)})") is True
    assert seed_page.console_errors() == []


def test_clicks_show_paper_and_method_panels_and_highlight(seed, seed_page):
    G, _ = seed
    method, baseline = methods_with_comparisons(G)[0]
    seed_page.eval(f"kgExplorer.network.focus({json.dumps(method)}, {{scale: 1.5}})")  # on screen, no animation
    seed_page.click_node(method)
    assert seed_page.eval("kgExplorer.selected()") == method
    panel = seed_page.eval("document.getElementById('kg-panel').textContent")
    assert "Baselines it is compared against" in panel and G.nodes[baseline]["label"] in panel
    assert "Methods compared against it" in panel and "null" not in panel and "undefined" not in panel
    near = set(G.successors(method)) | set(G.predecessors(method)) | {method}
    assert seed_page.eval("kgExplorer.highlighted()") == sorted(near)

    seed_page.mouse("mouseMoved", *seed_page.node_xy(method))  # hover: the tooltip names it
    seed_page.wait_for("!document.getElementById('kg-tip').hidden", 5)
    assert G.nodes[method]["label"] in seed_page.eval("document.getElementById('kg-tip').textContent")

    paper = next(u for u, _, k in G.in_edges(method, keys=True) if k == "proposes")
    seed_page.eval(f"kgExplorer.network.focus({json.dumps(paper)}, {{scale: 1.5}})")
    seed_page.click_node(paper)
    assert seed_page.eval("kgExplorer.selected()") == paper
    panel = seed_page.eval("document.getElementById('kg-panel').textContent")
    assert G.nodes[paper]["id"] in panel and G.nodes[paper]["abstract"][:80] in panel
    seed_page.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    assert seed_page.eval("kgExplorer.selected()") is None
    assert seed_page.eval("kgExplorer.highlighted()") == []
    assert seed_page.console_errors() == []


def test_edge_panel_shows_evidence_confidence_and_rule(seed, seed_page):
    G, _ = seed
    u, v, rel, d = next((u, v, k, d) for u, v, k, d in G.edges(keys=True, data=True)
                        if k == "compared_with" and d.get("level") == "paper" and d.get("rule"))
    eid = seed_page.eval(f"kgExplorer.data.edges.find(e => e.from === {json.dumps(u)} && e.to === {json.dumps(v)} "
                         f"&& e.relation === {json.dumps(rel)}).id")
    seed_page.eval(f"kgExplorer.showEdge({json.dumps(eid)})")
    panel = seed_page.eval("document.getElementById('kg-panel').textContent")
    assert d["evidence"][:60] in panel and f"Confidence: {d['confidence']:g}" in panel
    assert f"Found by: {d['rule']}" in panel
    assert seed_page.console_errors() == []


# --- hostile text ------------------------------------------------------------------------------
PAYLOADS = ["<script>window.pwned=1</script>", '<img src=x onerror="window.pwned=1">',
            "</script><script>window.pwned=1</script>", '<svg onload="window.pwned=1">']


@pytest.fixture(scope="module")
def xss_page_path(tmp_path_factory):
    """A graph built by the pipeline from a corpus full of payloads, plus payload entity names."""
    from test_visualize import xss_graph

    from kg import KnowledgeGraph
    from kg.visualize import render_html

    folder = tmp_path_factory.mktemp("xss")
    corpus = folder / "evil.jsonl"
    lines = [{"id": f"evil-{i}", "title": f"Attack {p} paper",
              "abstract": f"We propose EvilNet {p}, which outperforms ResNet-50 on ImageNet and CIFAR-10. {p}"}
             for i, p in enumerate(PAYLOADS)]
    corpus.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    G = nx.compose(KnowledgeGraph.build([corpus]).to_networkx(), xss_graph())
    page = render_html(G, title=f"kg {PAYLOADS[0]}")
    safe = folder / "with-csp.html"
    safe.write_text(page, encoding="utf-8")
    bare = folder / "without-csp.html"  # escaping alone must hold, not only the Content-Security-Policy
    start = page.index('<meta http-equiv="Content-Security-Policy"')
    bare.write_text(page[:start] + page[page.index(">", start) + 1:], encoding="utf-8")
    return {"with CSP": safe, "without CSP": bare}


@pytest.mark.parametrize("variant", ["with CSP", "without CSP"])
def test_payloads_show_as_text_and_never_run(browser, xss_page_path, variant):
    page = browser.open(xss_page_path[variant])
    try:
        page.ready()
        page.eval("""(() => { const k = kgExplorer, net = k.network;   // render every panel and tooltip
            for (const n of k.data.nodes) { k.select(n.id); net.emit('hoverNode', {node: n.id}); }
            for (const e of k.data.edges) {
                net.emit('hoverEdge', {edge: e.id}); net.emit('click', {nodes: [], edges: [e.id]}); }
            k.search('EvilNet'); })()""")
        time.sleep(0.3)
        assert page.eval("typeof window.pwned") == "undefined"
        assert page.eval("""[document.scripts.length, document.images.length,
            document.querySelectorAll('[onload], [onerror], a[href^="javascript"]').length]""") == [4, 0, 0]
        assert page.eval("document.title") == f"kg {PAYLOADS[0]}"
        shown = page.eval("""kgExplorer.data.nodes.filter(n => n.kind === 'Paper').map(n => { kgExplorer.select(n.id);
            const panel = document.getElementById('kg-panel');
            return [panel.querySelector('h2').textContent,
                    panel.querySelector('.kg-abstract').textContent === n.abstract]; })""")
        assert {f"Attack {p} paper" for p in PAYLOADS} <= {title for title, _ in shown}
        assert all(same for _, same in shown)
        assert page.eval("kgExplorer.search('EvilNet<img')") is not None
        assert page.eval("document.querySelector('#kg-panel h2').textContent") == f"EvilNet{PAYLOADS[1]}"
        assert page.console_errors() == []
        assert page.requests() == [xss_page_path[variant].resolve().as_uri()]
    finally:
        page.close()


# --- scale ------------------------------------------------------------------------------------
def synthetic_graph(n_nodes: int = 5000, seed: int = 0) -> nx.MultiDiGraph:
    """Papers proposing, comparing and evaluating methods, in the proportions of a real corpus."""
    rng = random.Random(seed)
    G = nx.MultiDiGraph()
    keys: dict[str, list[str]] = {}
    for kind, share in {"Paper": .3, "Method": .3, "Dataset": .15, "Task": .1, "Metric": .05, "Result": .1}.items():
        keys[kind] = []
        for i in range(int(n_nodes * share)):
            if kind == "Paper":
                key = f"paper:s:{i}"
                G.add_node(key, kind=kind, id=f"s:{i}", title=f"Synthetic paper {i}", abstract="Text. " * 40,
                           source="s.jsonl", authors=["A. Author"], year=2024)
            elif kind == "Result":
                key = f"result:s:{i}:1"
                G.add_node(key, kind=kind, paper=f"s:{i}", value_text="+1.0%", evidence="It improves.")
            else:
                key = f"{kind.lower()}/{kind.lower()}{i}"
                G.add_node(key, kind=kind, label=f"{kind} {i}", aliases=[f"{kind[0]}{i}"], same_as=[])
            keys[kind].append(key)
    for paper in keys["Paper"]:
        method = rng.choice(keys["Method"])
        G.add_edge(paper, method, key="proposes", level="paper", evidence="We propose it.", confidence=0.9)
        for rel, kind, count in (("compared_with", "Method", 2), ("evaluated_on", "Dataset", 2),
                                 ("addresses", "Task", 1), ("uses_metric", "Metric", 1)):
            for target in rng.sample(keys[kind], count):
                G.add_edge(paper, target, key=rel, level="paper", evidence="It says so.", confidence=0.8)
                if kind in ("Method", "Dataset") and target != method:
                    G.add_edge(method, target, key=rel, level="method", papers=[paper[len("paper:"):]])
    for result in keys["Result"]:
        G.add_edge("paper:" + G.nodes[result]["paper"], result, key="has_result", level="paper")
    return G


def test_5000_node_graph_stabilises_and_stays_usable(browser, tmp_path, record_property):
    from kg.visualize import render_html

    G = synthetic_graph(5000)
    path = tmp_path / "big.html"
    path.write_text(render_html(G), encoding="utf-8")
    t0 = time.monotonic()
    page = browser.open(path)
    try:
        page.ready(timeout=60)
        wall = time.monotonic() - t0
        timings = page.eval("kgExplorer.timings")
        assert page.eval("[kgExplorer.nodeCount(), kgExplorer.edgeCount()]") == [5000, G.number_of_edges()]
        assert page.eval("kgExplorer.network.physics.options.enabled") is False
        hub = max(G.degree(), key=lambda kv: kv[1])[0]
        click_ms = page.eval(f"(() => {{ const t = performance.now(); kgExplorer.select({json.dumps(hub)}); "
                             "return Math.round(performance.now() - t); })()")
        filter_ms = page.eval("(() => { const t = performance.now(); kgExplorer.setTypeFilter('Paper', false); "
                              "return Math.round(performance.now() - t); })()")
        assert page.console_errors() == []
    finally:
        page.close()
    report = {"stable_ms_after_navigation": timings["stable"], "layout_ms": timings["layout"],
              "vis_network_ms": timings["network"], "wall_s_open_to_stable": round(wall, 2),
              "select_hub_ms": click_ms, "type_filter_ms": filter_ms}
    record_property("stabilisation", report)
    print("\n5,000-node graph:", report)


# --- screenshot tool ----------------------------------------------------------------------------
def main(argv: list[str]) -> None:
    """python tests/test_browser.py PAGE.html OUT.png [--select NAME]"""
    page_path, out = Path(argv[0]), Path(argv[1])
    b = Browser()
    try:
        page = b.open(page_path)
        page.ready()
        if "--select" in argv:
            name = argv[argv.index("--select") + 1]
            page.eval(f"kgExplorer.search({json.dumps(name)})")
            time.sleep(0.8)
        page.screenshot(out)
        errors = page.console_errors()
        print(f"wrote {out}; stabilised {page.eval('kgExplorer.timings')}; console errors: {errors or 'none'}")
    finally:
        b.close()


if __name__ == "__main__":
    main(sys.argv[1:])
