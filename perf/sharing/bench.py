"""The measurements of perf/sharing/bench.sh, against the server it started (BASE, ADMIN_PASSWORD, PGPORT)."""
import base64
import collections
import concurrent.futures
import http.client
import json
import os
import statistics
import struct
import subprocess
import time
import urllib.parse
import uuid
import zlib

BASE = urllib.parse.urlparse(os.environ["BASE"])
PGPORT = os.environ["PGPORT"]
PGLOG = os.environ["PGLOG"]


class Client:
    """One keep-alive connection with Basic credentials (cached by the server after the first request)."""

    def __init__(self, user, password):
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.conn = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=120)

    def call(self, method, path, body=None, headers=None, ok=(200, 201, 204, 207)):
        h = {"Authorization": self.auth, **(headers or {})}
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        self.conn.request(method, BASE.path + path, body=body, headers=h)
        r = self.conn.getresponse()
        data = r.read()
        if r.status not in ok:
            raise SystemExit(f"{method} {path}: {r.status} {data[:300]!r}")
        return json.loads(data) if data and r.getheader("Content-Type", "").startswith("application/json") else data


def psql(sql):
    return subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", PGPORT, "-U", "postgres", "-d", "postgres", "-Atc", sql],
        check=True, capture_output=True, text=True).stdout.strip()


class Statements:
    """Counts the statements the server sends PostgreSQL while the block runs, from PostgreSQL's own statement log
    (log_statement = all): the block is framed by two marker statements, and every line the server's connections
    logged between them is one statement. Transaction control (BEGIN, COMMIT, ROLLBACK) is counted apart."""

    def __enter__(self):
        self.marker = f"nubo-bench-{uuid.uuid4().hex}"
        psql(f"SELECT '{self.marker}-start'")
        return self

    def __exit__(self, *exc):
        psql(f"SELECT '{self.marker}-end'")
        with open(PGLOG, encoding="utf-8", errors="replace") as log:
            lines = log.read().splitlines()
        start = next(i for i, l in enumerate(lines) if f"'{self.marker}-start'" in l)
        end = next(i for i, l in enumerate(lines) if f"'{self.marker}-end'" in l)
        texts = []
        for line in lines[start + 1:end]:
            for tag in ("LOG:  statement: ", "LOG:  execute "):
                if tag in line:
                    text = line.split(tag, 1)[1]
                    texts.append(text.split(": ", 1)[1] if tag.endswith("execute ") else text)
        control = {"BEGIN", "COMMIT", "ROLLBACK"}
        self.control = sum(1 for t in texts if t.strip().upper() in control)
        self.queries = [t for t in texts if t.strip().upper() not in control]
        self.kinds = collections.Counter(t[:70] for t in self.queries)
        return False


def timed(client, path, n):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        client.call("GET", path)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def per_request(client, path, n):
    with Statements() as counted:
        timed(client, path, n)
    return len(counted.queries) / n, counted.control / n


def png(seed):
    """A 64x64 opaque PNG whose pixels depend on the seed, so every photo is a new content (the first pixel holds
    the seed itself: the pattern alone repeats every 256 seeds, and equal contents share one thumbnail)."""
    def pixel(x, y):
        if x == 0 and y == 0:
            return seed.to_bytes(3, "big")
        return bytes(((x * 7 + seed) % 256, (y * 5 + seed) % 256, (x + y) % 256))

    rows = b"".join(b"\x00" + b"".join(pixel(x, y) for x in range(64)) for y in range(64))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def burst(user, password, ids):
    """100 thumbnail requests at once (8 connections): wall time, statements per request, and the statements
    issued by the access check's folder decision (the query that reads grants over the folder's path)."""
    clients = [Client(user, password) for _ in range(8)]
    for c in clients:
        c.call("GET", "/auth/me")  # sign the connections in first: credential checks are not part of the burst
    with Statements() as counted:
        t0 = time.perf_counter()

        def one(job):
            n, i = job
            clients[n % 8].call("GET", f"/files/{i}/thumbnail?size=icon", ok=(200,))
            return True

        # each connection takes every 8th request, so at most 8 are in flight
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda n: [one((n, i)) for i in ids[n::8]], range(8)))
        wall = time.perf_counter() - t0
    # the lookup of grants over a folder's whole path (once per check before single-flight, once per folder after)
    grants_reads = sum(1 for q in counted.queries if "grants" in q and "string_to_array" in q)
    return wall, len(counted.queries) / len(ids), grants_reads, counted.kinds


def multipart(names_and_bodies):
    boundary = "nubobench"
    parts = []
    for name, body in names_and_bodies:
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"f\"; filename=\"{name}\"\r\n"
                     f"Content-Type: application/octet-stream\r\n\r\n".encode() + body + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def main():
    admin = Client("admin", os.environ["ADMIN_PASSWORD"])
    users = {}
    for name in ("owner", "grantee"):
        users[name] = admin.call("POST", "/admin/users", {"username": name, "password": f"{name}-password-1"})["id"]
    owner = Client("owner", "owner-password-1")
    grantee = Client("grantee", "grantee-password-1")

    # grantee ∈ inner ⊂ outer: the share goes to the outer group
    outer = admin.call("POST", "/admin/groups", {"name": "outer", "displayName": "Outer"})["id"]
    inner = admin.call("POST", "/admin/groups", {"name": "inner", "displayName": "Inner"})["id"]
    admin.call("PUT", f"/admin/groups/{outer}/members/groups/{inner}")
    admin.call("PUT", f"/admin/groups/{inner}/members/users/{users['grantee']}")

    root = owner.call("GET", "/files/root")["id"]
    shared = owner.call("POST", f"/files/{root}/folders", {"name": "Shared tree"})["id"]
    folder = shared
    for level in range(1, 9):
        folder = owner.call("POST", f"/files/{folder}/folders", {"name": f"L{level}"})["id"]
    deep = owner.call("PUT", f"/files/{folder}/children/deep.txt", b"eight folders down",
                      {"Content-Type": "application/octet-stream"})["id"]
    big = owner.call("POST", f"/files/{shared}/folders", {"name": "Thousand"})["id"]
    body, ctype = multipart([(f"entry-{i:04d}.txt", f"entry {i}".encode()) for i in range(1000)])
    owner.call("POST", f"/files/{big}/children", body, {"Content-Type": ctype})
    albums = {}
    for who in ("grantee", "owner"):
        album = owner.call("POST", f"/files/{shared}/folders", {"name": f"Album {who}"})["id"]
        body, ctype = multipart([(f"photo-{i:03d}.png", png(i + (0 if who == "grantee" else 500))) for i in range(100)])
        owner.call("POST", f"/files/{album}/children", body, {"Content-Type": ctype})
        albums[who] = [e["id"] for e in owner.call("GET", f"/files/{album}/children?limit=1000")["entries"]]
    owner.call("POST", "/shares", {"nodeId": shared, "groupId": outer, "role": "viewer"})

    # the same bytes for both: an equivalence check before timing
    assert grantee.call("GET", f"/files/{deep}/content") == owner.call("GET", f"/files/{deep}/content")
    g_list = grantee.call("GET", f"/files/{big}/children?limit=1000")
    o_list = owner.call("GET", f"/files/{big}/children?limit=1000")
    assert [e["id"] for e in g_list["entries"]] == [e["id"] for e in o_list["entries"]] and len(g_list["entries"]) == 1000

    # cold bursts first (nothing rendered, nothing cached for these folders), then the same bursts again (thumbnails
    # on disk, folder decisions cached): the search indexer that feeds background rendering is held off (bench.sh)
    cold = {"grantee": burst("grantee", "grantee-password-1", albums["grantee"]),
            "owner": burst("owner", "owner-password-1", albums["owner"])}
    warm = {"grantee": burst("grantee", "grantee-password-1", albums["grantee"]),
            "owner": burst("owner", "owner-password-1", albums["owner"])}

    for c in (grantee, owner):
        timed(c, f"/files/{deep}", 50)  # warm-up
    check = {who: timed(c, f"/files/{deep}", 300) for who, c in (("grantee", grantee), ("owner", owner))}
    stmts = {who: per_request(c, f"/files/{deep}", 100) for who, c in (("grantee", grantee), ("owner", owner))}
    for c in (grantee, owner):
        timed(c, f"/files/{big}/children?limit=1000", 10)
    listing = {who: timed(c, f"/files/{big}/children?limit=1000", 50) for who, c in (("grantee", grantee), ("owner", owner))}
    list_stmts = {who: per_request(c, f"/files/{big}/children?limit=1000", 20) for who, c in (("grantee", grantee), ("owner", owner))}
    with Statements() as idle:
        time.sleep(2)

    p50 = lambda xs: statistics.median(xs)
    p90 = lambda xs: statistics.quantiles(xs, n=10)[8]
    g, o = "grantee", "owner"
    print("| measurement | grantee (nested group, viewer) | owner | grantee / owner |")
    print("|---|---|---|---|")
    print(f"| GET /api/files/{{id}} of a file 8 folders deep, p50 ms (300 requests) | {p50(check[g]):.2f} | {p50(check[o]):.2f} | {p50(check[g]) / p50(check[o]):.2f} |")
    print(f"| same, p90 ms | {p90(check[g]):.2f} | {p90(check[o]):.2f} | {p90(check[g]) / p90(check[o]):.2f} |")
    print(f"| same, SQL statements per request (+ BEGIN/COMMIT) | {stmts[g][0]:.2f} (+{stmts[g][1]:.2f}) | {stmts[o][0]:.2f} (+{stmts[o][1]:.2f}) | |")
    print(f"| 1,000-entry listing page of a shared folder, p50 ms (50 requests) | {p50(listing[g]):.1f} | {p50(listing[o]):.1f} | {p50(listing[g]) / p50(listing[o]):.2f} |")
    print(f"| same, SQL statements per page (+ BEGIN/COMMIT) | {list_stmts[g][0]:.2f} (+{list_stmts[g][1]:.2f}) | {list_stmts[o][0]:.2f} (+{list_stmts[o][1]:.2f}) | |")
    print(f"| cold burst of 100 thumbnails (8 at once, rendered on demand), wall s | {cold[g][0]:.2f} | {cold[o][0]:.2f} | {cold[g][0] / cold[o][0]:.2f} |")
    print(f"| same, SQL statements per thumbnail request | {cold[g][1]:.2f} | {cold[o][1]:.2f} | |")
    print(f"| same, lookups of grants over a folder's path (whole burst) | {cold[g][2]} | {cold[o][2]} | |")
    print(f"| repeated burst (thumbnails on disk), wall s | {warm[g][0]:.2f} | {warm[o][0]:.2f} | {warm[g][0] / warm[o][0]:.2f} |")
    print(f"| same, SQL statements per thumbnail request | {warm[g][1]:.2f} | {warm[o][1]:.2f} | |")
    print(f"| same, lookups of grants over a folder's path (whole burst) | {warm[g][2]} | {warm[o][2]} | |")
    print()
    print(f"Statements logged in 2 s with no request (background work, included in the counts above): {len(idle.queries)}.")
    print()
    print("Statements of the cold grantee burst by kind (first 70 characters):")
    print()
    for text, n in cold[g][3].most_common():
        print(f"- {n} × `{text}`")


if __name__ == "__main__":
    main()
