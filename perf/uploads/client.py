#!/usr/bin/env python3
"""The HTTP side of perf/uploads/big.sh: one big upload through one surface, a download hashed on the fly, the
early-507 probe and the interrupted upload. Bodies are streamed from the source file in 1 MiB reads with an
exact Content-Length (never Expect: 100-continue, so the server has to decide from the headers alone), and
nothing is held in memory.

  client.py upload SURFACE BASE USER PASS ROOT_ID NAME FILE [CHUNK_BYTES]  -> prints the new file's id
  client.py sha256 BASE USER PASS FILE_ID                                  -> prints "<size> <sha256>"
  client.py quota  SURFACE BASE USER PASS ROOT_ID NAME FILE               -> prints "<status> <bytes sent> <seconds>"
  client.py stall  SURFACE BASE USER PASS ROOT_ID NAME FILE BYTES         -> sends BYTES, prints "sent", then waits
                                                                             to be killed
SURFACE: rest_raw, rest_resumable, dav_put, nc_chunking.
"""
import base64
import hashlib
import http.client
import json
import os
import select
import socket
import sys
import time
import urllib.parse

BLOCK = 1 << 20


class Server:
    def __init__(self, base, user, password):
        u = urllib.parse.urlsplit(base)
        self.host, self.port = u.hostname, u.port
        self.user = user
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    def conn(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=900)

    def request(self, method, path, headers=None, body=None, expect=None):
        c = self.conn()
        h = {"Authorization": self.auth}
        h.update(headers or {})
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        if expect is not None and r.status not in expect:
            raise SystemExit(f"{method} {path} answered {r.status}: {data[:500]!r}")
        return r, data

    def send_file(self, method, path, headers, f, offset, length, expect):
        """A request whose body is length bytes of f from offset, streamed with an exact Content-Length."""
        c = self.conn()
        c.putrequest(method, path, skip_accept_encoding=True)
        h = {"Authorization": self.auth, "Content-Length": str(length)}
        h.update(headers)
        for k, v in h.items():
            c.putheader(k, v)
        c.endheaders()
        f.seek(offset)
        left = length
        while left > 0:
            b = f.read(min(BLOCK, left))
            if not b:
                raise SystemExit("the source file ended early")
            c.sock.sendall(b)
            left -= len(b)
        r = c.getresponse()
        data = r.read()
        c.close()
        if r.status not in expect:
            raise SystemExit(f"{method} {path} answered {r.status}: {data[:500]!r}")
        return r, data


def q(s):
    return urllib.parse.quote(s, safe="")


def child_id(s, root, name):
    _, data = s.request("GET", f"/api/files/{root}/children?limit=1000", expect=(200,))
    for e in json.loads(data)["entries"]:
        if e["name"] == name:
            return e["id"]
    raise SystemExit(f"{name} is not in the root folder")


def upload(surface, s, root, name, path, chunk):
    size = os.path.getsize(path)
    with open(path, "rb", buffering=0) as f:
        if surface == "rest_raw":
            _, data = s.send_file("PUT", f"/api/files/{root}/children/{q(name)}",
                                  {"Content-Type": "application/octet-stream"}, f, 0, size, (201,))
            return json.loads(data)["id"]
        if surface == "rest_resumable":
            body = json.dumps({"parentId": root, "name": name, "size": size})
            r, data = s.request("POST", "/api/uploads", {"Content-Type": "application/json"}, body, (201,))
            sid = json.loads(data)["id"]
            for off in range(0, size, chunk):
                n = min(chunk, size - off)
                r, _ = s.send_file("PATCH", f"/api/uploads/{sid}",
                                   {"Upload-Offset": str(off), "Content-Type": "application/offset+octet-stream"},
                                   f, off, n, (204,))
                if int(r.getheader("Upload-Offset")) != off + n:
                    raise SystemExit(f"Upload-Offset {r.getheader('Upload-Offset')} after chunk at {off}")
            _, data = s.request("POST", f"/api/uploads/{sid}/complete", expect=(201,))
            return json.loads(data)["id"]
        if surface == "dav_put":
            s.send_file("PUT", f"/dav/files/{s.user}/{q(name)}", {"Content-Type": "application/octet-stream"},
                        f, 0, size, (201,))
            return child_id(s, root, name)
        if surface == "nc_chunking":
            # what the desktop client (3.x, chunking v2) sends: Destination and OC-Total-Length on every request
            nc = "/nextcloud/remote.php/dav"
            dest = f"http://{s.host}:{s.port}{nc}/files/{s.user}/{q(name)}"
            transfer = f"{nc}/uploads/{s.user}/big-{int(time.time() * 1000)}"
            common = {"Destination": dest, "OC-Total-Length": str(size)}
            s.request("MKCOL", transfer, common, expect=(201,))
            for i, off in enumerate(range(0, size, chunk), start=1):
                n = min(chunk, size - off)
                s.send_file("PUT", f"{transfer}/{i:05d}", dict(common, **{"Content-Type": "application/octet-stream"}),
                            f, off, n, (201,))
            s.request("MOVE", f"{transfer}/.file", dict(common, **{"X-OC-Mtime": str(int(time.time()))}),
                      expect=(201, 204))
            return child_id(s, root, name)
    raise SystemExit(f"unknown surface {surface}")


def sha256(s, file_id):
    c = s.conn()
    c.request("GET", f"/api/files/{file_id}/content", headers={"Authorization": s.auth})
    r = c.getresponse()
    if r.status != 200:
        raise SystemExit(f"download answered {r.status}")
    h = hashlib.sha256()
    n = 0
    while True:
        b = r.read(BLOCK)
        if not b:
            break
        h.update(b)
        n += len(b)
    c.close()
    return n, h.hexdigest()


def raw_request(s, method, path, headers, length):
    """Opens a socket and sends the request head of a body of length bytes; the caller sends the body."""
    sock = socket.create_connection((s.host, s.port))
    h = {"Host": f"{s.host}:{s.port}", "Authorization": s.auth, "Content-Length": str(length),
         "Content-Type": "application/octet-stream"}
    h.update(headers)
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in h.items()) + "\r\n"
    sock.sendall(head.encode())
    return sock


def target(surface, s, root, name, size):
    """Method, path and headers of the request that carries the body, after whatever must come before it."""
    if surface == "rest_raw":
        return "PUT", f"/api/files/{root}/children/{q(name)}", {}
    if surface == "dav_put":
        return "PUT", f"/dav/files/{s.user}/{q(name)}", {}
    if surface == "rest_resumable":
        body = json.dumps({"parentId": root, "name": name, "size": size})
        r, data = s.request("POST", "/api/uploads", {"Content-Type": "application/json"}, body)
        if r.status != 201:
            return r.status, data
        sid = json.loads(data)["id"]
        return "PATCH", f"/api/uploads/{sid}", {"Upload-Offset": "0"}
    if surface == "nc_chunking":
        nc = "/nextcloud/remote.php/dav"
        transfer = f"{nc}/uploads/{s.user}/t-{int(time.time() * 1000)}"
        common = {"Destination": f"http://{s.host}:{s.port}{nc}/files/{s.user}/{q(name)}",
                  "OC-Total-Length": str(size)}
        r, data = s.request("MKCOL", transfer, common)
        if r.status != 201:
            return r.status, data
        return "PUT", f"{transfer}/00001", common
    raise SystemExit(f"unknown surface {surface}")


def quota(surface, s, root, name, path):
    """Sends the whole file as one body (one chunk for the chunked surfaces) until the server answers."""
    size = os.path.getsize(path)
    t0 = time.monotonic()
    t = target(surface, s, root, name, size)
    if isinstance(t[0], int):  # refused before any body was sent (session or transfer creation)
        return t[0], 0, time.monotonic() - t0
    method, p, headers = t
    sock = raw_request(s, method, p, headers, size)
    sent = 0
    with open(path, "rb", buffering=0) as f:
        while sent < size:
            if select.select([sock], [], [], 0)[0]:
                break
            b = f.read(BLOCK)
            try:
                sock.sendall(b)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(b)
    sock.settimeout(60)
    try:
        line = sock.makefile("rb").readline().decode(errors="replace")
        status = int(line.split()[1])
    except (OSError, IndexError, ValueError):
        status = -1
    sock.close()
    return status, sent, time.monotonic() - t0


def stall(surface, s, root, name, path, upto):
    size = os.path.getsize(path)
    method, p, headers = target(surface, s, root, name, size)
    sock = raw_request(s, method, p, headers, size)
    sent = 0
    with open(path, "rb", buffering=0) as f:
        while sent < upto:
            b = f.read(min(BLOCK, upto - sent))
            sock.sendall(b)
            sent += len(b)
    print("sent", sent, flush=True)
    time.sleep(3600)


def main(a):
    cmd = a[0]
    if cmd == "sha256":
        s = Server(a[1], a[2], a[3])
        n, h = sha256(s, a[4])
        print(n, h)
        return
    surface, s, root, name, path = a[1], Server(a[2], a[3], a[4]), int(a[5]), a[6], a[7]
    if cmd == "upload":
        print(upload(surface, s, root, name, path, int(a[8]) if len(a) > 8 else 64 << 20))
    elif cmd == "quota":
        status, sent, secs = quota(surface, s, root, name, path)
        print(status, sent, f"{secs:.2f}")
    elif cmd == "stall":
        stall(surface, s, root, name, path, int(a[8]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
