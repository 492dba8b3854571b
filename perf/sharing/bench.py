"""The measurements of perf/sharing/bench.sh, against the server it started (BASE, ADMIN_PASSWORD, PGPORT)."""
import base64
import concurrent.futures
import http.client
import json
import os
import statistics
import struct
import subprocess
import time
import urllib.parse
import zlib

BASE = urllib.parse.urlparse(os.environ["BASE"])
PGPORT = os.environ["PGPORT"]


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


def statements():
    """Transactions committed in the database so far: reads outside a transaction commit once per statement."""
    out = subprocess.run(
        ["psql", "-h", "127.0.0.1", "-p", PGPORT, "-U", "postgres", "-d", "postgres", "-Atc",
         "SELECT sum(xact_commit) FROM pg_stat_database"],
        check=True, capture_output=True, text=True).stdout
    return int(out.strip())


def timed(client, path, n):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        client.call("GET", path)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def per_request(client, path, n):
    before = statements()
    timed(client, path, n)
    # the psql call itself commits one transaction
    return (statements() - before - 1) / n


def png(seed):
    """A 64x64 opaque PNG whose pixels depend on the seed, so every photo is a new content."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(((x * 7 + seed) % 256, (y * 5 + seed) % 256, (x + y) % 256)) for x in range(64))
        for y in range(64))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def burst(user, password, ids):
    """100 thumbnail requests at once (8 connections), cold: wall time, and statements per request."""
    before = statements()
    t0 = time.perf_counter()

    def one(i):
        c = Client(user, password)
        c.call("GET", f"/files/{i}/thumbnail?size=icon", ok=(200, 404))
        return True

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(one, ids))
    wall = time.perf_counter() - t0
    return wall, (statements() - before - 1) / len(ids)


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

    for c in (grantee, owner):
        timed(c, f"/files/{deep}", 50)  # warm-up
    check = {who: timed(c, f"/files/{deep}", 300) for who, c in (("grantee", grantee), ("owner", owner))}
    stmts = {who: per_request(c, f"/files/{deep}", 100) for who, c in (("grantee", grantee), ("owner", owner))}
    for c in (grantee, owner):
        timed(c, f"/files/{big}/children?limit=1000", 10)
    listing = {who: timed(c, f"/files/{big}/children?limit=1000", 50) for who, c in (("grantee", grantee), ("owner", owner))}
    list_stmts = {who: per_request(c, f"/files/{big}/children?limit=1000", 20) for who, c in (("grantee", grantee), ("owner", owner))}
    thumbs = {"grantee": burst("grantee", "grantee-password-1", albums["grantee"]),
              "owner": burst("owner", "owner-password-1", albums["owner"])}

    p50 = lambda xs: statistics.median(xs)
    p90 = lambda xs: statistics.quantiles(xs, n=10)[8]
    print("| measurement | grantee (nested group, viewer) | owner | grantee / owner |")
    print("|---|---|---|---|")
    print(f"| GET /api/files/{{id}} of a file 8 folders deep, p50 ms (300 requests) | {p50(check['grantee']):.2f} | {p50(check['owner']):.2f} | {p50(check['grantee']) / p50(check['owner']):.2f} |")
    print(f"| same, p90 ms | {p90(check['grantee']):.2f} | {p90(check['owner']):.2f} | {p90(check['grantee']) / p90(check['owner']):.2f} |")
    print(f"| same, database statements per request | {stmts['grantee']:.2f} | {stmts['owner']:.2f} | |")
    print(f"| 1,000-entry listing page of a shared folder, p50 ms (50 requests) | {p50(listing['grantee']):.1f} | {p50(listing['owner']):.1f} | {p50(listing['grantee']) / p50(listing['owner']):.2f} |")
    print(f"| same, database statements per page | {list_stmts['grantee']:.2f} | {list_stmts['owner']:.2f} | |")
    print(f"| cold burst of 100 thumbnails (8 at once), wall s | {thumbs['grantee'][0]:.2f} | {thumbs['owner'][0]:.2f} | {thumbs['grantee'][0] / thumbs['owner'][0]:.2f} |")
    print(f"| same, database statements per thumbnail request | {thumbs['grantee'][1]:.2f} | {thumbs['owner'][1]:.2f} | |")


if __name__ == "__main__":
    main()
