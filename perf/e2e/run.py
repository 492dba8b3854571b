#!/usr/bin/python3
"""End-to-end load against nubo.jar and its peers, in one run, everything on 127.0.0.1.

Servers, each started here on a free port with a fresh directory under the work directory:
  nubo      java -jar nubo.jar (its embedded PostgreSQL, fsync on)
  apache    Debian's apache2 with mod_dav (Basic auth, apr1-MD5 htpasswd, sendfile on) at /dav/, and the same two
            files without DAV or authentication at /static/: the static-file ceiling
  radicale  Debian's Radicale (plain htpasswd, owner_only rights)

Workloads (wrk, a Lua script per kind), each measured on Nubo and on its peer in the same run:
  propfind1      PROPFIND Depth 1 on a folder of 1,000 files of 1 KiB (5 DAV properties)      peer: apache
  propfind0      PROPFIND Depth 0 on one file                                                 peer: apache
  get4k          GET of a 4 KiB file with Basic auth                                          peer: apache
  get16m         GET of a 16 MiB file with Basic auth                                         peer: apache
  put64k         PUT of 64 KiB to new names                                                   peer: apache
  put64k-1conn   the same on one connection (latency: p50)                                    peer: apache
  put4k-16dirs   PUT of 4 KiB to new names, requests spread over 16 folders of one user        peer: apache
  static-get4k   the 4 KiB GET against Apache's /static/ (no DAV, no auth): the ceiling        peer: static
  static-get16m  the 16 MiB GET likewise                                                      peer: static
  nc-propfind1   PROPFIND Depth 1 on the same 1,000 files through the Nextcloud dialect
                 (/nextcloud/remote.php/dav/files/..., 13 properties as the desktop client asks)   peer: apache
  query-month    CalDAV calendar-query of June 2030 over 5,000 events (perf/pim/seed.py)      peer: radicale
  sync-10        CalDAV sync-collection (Depth 0, getetag) from a token taken before 10 of the events changed
                 (perf/pim/seed.py sync-prep)                                                 peer: radicale
  multiget-500   CardDAV addressbook-multiget of 500 contacts                                 peer: radicale
  mixed32        32 connections; of every 20 requests 8 list a 100-file folder (Nubo: the REST listing;
                 Apache: PROPFIND), 5 GET 4 KiB, 4 PROPFIND Depth 1 that folder, 3 PUT 64 KiB  peer: apache
Sync clients (after the wrk workloads), the same tree of 10,000 files of 1-16 KiB in 100 folders on both sides:
  nc-upload      nextcloudcmd's first upload of the tree through the Nextcloud dialect         peer: rclone-apache
  nc-resync      nextcloudcmd again with nothing changed, 3 times (median)                     peer: rclone-apache
                 The peer is rclone copying the same tree to Apache mod_dav (6 transfers), then again with nothing
                 changed: no Nextcloud server runs here, so a plain WebDAV client and server stand as the yardstick.
                 For these rows "req/s" is files per second of the whole sync and p50 / p99 are the median and the
                 longest of its wall times in ms.
The static rows compare Nubo's GET with the ceiling. Before measuring, both servers answer the same seeded data
the same way: the 1,000-file PROPFIND lists 1,001 hrefs on both, the 4 KiB GET returns the same bytes, the three
REPORTs return the same number of responses (the pim checks; sync-10 lists the 10 changed events). After each
upload both servers hold every file; a re-sync with nothing changed transfers nothing.

Each side is measured for 10 s after Nubo's 10 s warm-up, Radicale for 30 s (it takes seconds per REPORT).
Output: a JSON document (--out) with, per workload, Nubo's and the peer's req/s, p50 and p99 latency (ms), errors,
and the ratio Nubo / peer of req/s; Nubo's resident memory after the mixed load (RSS and peak). --quick measures
each workload for 1 s with no warm-up, seeds 500 events instead of 5,000 and syncs 100 files in 10 folders instead of
10,000 in 100: it proves the harness, its numbers mean nothing. --only NAME,... runs just those workloads (nc-upload
stands for both sync rows), for a BEFORE/AFTER of a few of them.
Usage: perf/e2e/run.py [--quick] [--only NAMES] [--jar ear/target/nubo.jar] --out FILE.json
Needs: java, wrk, apache2 (with apache2-utils' htpasswd), radicale, python3-requests, nextcloudcmd
(nextcloud-desktop-cmd) and rclone (Debian packages).
"""
import argparse
import base64
import concurrent.futures
import datetime
import http.client
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = pathlib.Path(__file__).resolve().parent
PERF = HERE.parent
ROOT = PERF.parent
PIM = PERF / "pim"
PYTHON = "/usr/bin/python3"  # Debian's, with radicale and requests
DAV_PROPS = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/>'
             '<d:getcontentlength/><d:getlastmodified/><d:getetag/><d:getcontenttype/></d:prop></d:propfind>')
NC_PROPS = ('<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop>'
            '<d:resourcetype/><d:getlastmodified/><d:getcontentlength/><d:getetag/><oc:size/><oc:id/><oc:fileid/>'
            '<oc:downloadURL/><oc:dDC/><oc:permissions/><oc:checksums/><oc:data-fingerprint/><oc:share-types/>'
            '</d:prop></d:propfind>')
PEER_USER, PEER_PASS = "peer", "peer-pass-1"
NUBO_PASS = "e2e-admin-pass"


def log(msg):
    print(f"e2e: {msg}", file=sys.stderr, flush=True)


def die(msg):
    log(msg)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """HTTP/1.1 calls with Basic auth to one server on 127.0.0.1."""

    def __init__(self, port, user, password):
        self.port = port
        self.authorization = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    def call(self, method, path, body=None, headers=None, ok=(200, 201, 204, 207)):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            h = {"Authorization": self.authorization}
            h.update(headers or {})
            c.request(method, path, body=body, headers=h)
            r = c.getresponse()
            data = r.read()
        finally:
            c.close()
        if r.status not in ok:
            raise RuntimeError(f"{method} {path} on port {self.port} answered {r.status}: {data[:300]!r}")
        return data


def wait_http(port, path, seconds, process=None, ready=lambda status: status < 500):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", path)
            status = c.getresponse().status
            c.close()
            if ready(status):
                return True
        except OSError:
            pass
        time.sleep(0.5)
    return False


class Servers:
    """Starts and stops the three servers; every file they use lives under work."""

    def __init__(self, work, jar):
        self.work = work
        self.jar = jar
        self.procs = []
        self.apache_conf = None

    def nubo(self):
        port = free_port()
        env = dict(os.environ, NUBO_PORT=str(port), NUBO_DATA_DIR=str(self.work / "nubo-data"),
                   NUBO_ADMIN_PASSWORD=NUBO_PASS)
        log_file = open(self.work / "nubo.log", "wb")
        p = subprocess.Popen(["java", "-jar", str(self.jar)], env=env, stdout=log_file, stderr=subprocess.STDOUT)
        self.procs.append(p)
        if not wait_http(port, "/api/health", 180, p, lambda status: status == 200):
            die(f"Nubo did not become healthy; see {self.work / 'nubo.log'}")
        return port, p.pid

    def apache(self):
        port = free_port()
        a = self.work / "apache"
        for d in ("htdocs/dav", "htdocs/static", "lock", "run"):
            (a / d).mkdir(parents=True, exist_ok=True)
        subprocess.run(["htpasswd", "-b", "-c", "-m", str(a / "htpasswd"), PEER_USER, PEER_PASS], check=True,
                       capture_output=True)
        account = ""
        for d in (self.work, a, a / "htdocs", a / "htdocs/static"):  # mkdtemp makes 0700; the children must enter
            d.chmod(0o755)
        (a / "htpasswd").chmod(0o644)
        if os.geteuid() == 0:  # root: Apache's children run as www-data, which must write the DAV tree
            account = "User www-data\nGroup www-data\n"
            shutil.chown(a / "htdocs/dav", "www-data", "www-data")
            shutil.chown(a / "lock", "www-data", "www-data")
        conf = (HERE / "apache.conf.in").read_text()
        conf = conf.replace("@PORT@", str(port)).replace("@DIR@", str(a)).replace("@ACCOUNT@", account)
        self.apache_conf = a / "httpd.conf"
        self.apache_conf.write_text(conf)
        subprocess.run(["apache2", "-f", str(self.apache_conf), "-k", "start"], check=True)
        if not wait_http(port, "/static/", 20):
            die(f"Apache did not start; see {a / 'error.log'}")
        return port, int((a / "httpd.pid").read_text())

    def radicale(self):
        port = free_port()
        r = self.work / "radicale"
        (r / "collections").mkdir(parents=True)
        (r / "users").write_text(f"{PEER_USER}:{PEER_PASS}\n")
        (r / "config").write_text(
            f"[server]\nhosts = 127.0.0.1:{port}\nmax_connections = 64\n"
            f"[auth]\ntype = htpasswd\nhtpasswd_filename = {r / 'users'}\nhtpasswd_encryption = plain\ndelay = 0\n"
            f"[rights]\ntype = owner_only\n[storage]\nfilesystem_folder = {r / 'collections'}\n"
            "[logging]\nlevel = warning\nmask_passwords = True\n")
        log_file = open(r / "radicale.log", "wb")
        p = subprocess.Popen([PYTHON, "-m", "radicale", "--config", str(r / "config")], stdout=log_file,
                             stderr=subprocess.STDOUT)
        self.procs.append(p)
        if not wait_http(port, "/", 30, p):
            die(f"Radicale did not start; see {r / 'radicale.log'}")
        return port, p.pid

    def stop(self):
        if self.apache_conf is not None:
            subprocess.run(["apache2", "-f", str(self.apache_conf), "-k", "stop"], capture_output=True)
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(60)
            except subprocess.TimeoutExpired:
                p.kill()


def jvms(pid):
    """The process and its java children: with NUBO_HEAP set, nubo.jar's launcher runs the server in a second JVM."""
    out = [pid]
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            for child in (task / "children").read_text().split():
                if pathlib.Path(f"/proc/{child}/comm").read_text().strip() == "java":
                    out.append(int(child))
        except FileNotFoundError:
            continue  # a thread or child that ended while we looked
    return out


def cpu_seconds(pid):
    total = 0.0
    for p in jvms(pid):
        fields = pathlib.Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def settle(pids, limit):
    """Waits (at most limit seconds) until the servers use under a tenth of a core: a JVM still compiling, or a
    server still answering what wrk left in flight, would otherwise steal from the next measurement."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            before = sum(cpu_seconds(p) for p in pids)
            time.sleep(1)
            if sum(cpu_seconds(p) for p in pids) - before < 0.1:
                return
        except FileNotFoundError:
            return


def memory_mib(pid):
    """RSS and peak RSS in MiB, summed over the launcher and its server JVM when there are two."""
    rss = peak = 0
    for p in jvms(pid):
        status = pathlib.Path(f"/proc/{p}/status").read_text()
        rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) // 1024
        peak += int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) // 1024
    return rss, peak


def wrk(url, client, script, conns, seconds, env, raw):
    """One wrk run; the RESULT line as a dict (rps, p50 and p99 in ms, errors)."""
    cmd = ["wrk", f"-t{min(2, conns)}", f"-c{conns}", f"-d{seconds}s", "--timeout", "30s", "-H",
           f"Authorization: {client.authorization}", "-s", str(HERE / script), url]
    done = subprocess.run(cmd, env=dict(os.environ, **env), capture_output=True, text=True)
    raw.write(f"$ {' '.join(cmd[:7])} ... {url}\n{done.stdout}{done.stderr}\n")
    m = re.search(r"^RESULT (.*)$", done.stdout, re.M)
    if done.returncode != 0 or not m:
        die(f"wrk failed on {url}: {done.stderr.strip() or done.stdout.strip()}")
    v = dict(kv.split("=") for kv in m.group(1).split())
    return {"rps": float(v["rps"]), "p50_ms": float(v["p50"]), "p99_ms": float(v["p99"]),
            "requests": int(v["reqs"]), "errors": int(v["non2xx"]) + int(v["sockerr"])}


def seed_files(client, base, blobs):
    """The WebDAV tree under base: 4k.bin, 16m.bin, many/ (1,000 x 1 KiB), mix/ (100 x 1 KiB), put/, put16/d0..d15/."""
    client.call("MKCOL", base)
    for d in ("many/", "mix/", "put/", "put16/"):
        client.call("MKCOL", base + d)
    for i in range(16):
        client.call("MKCOL", base + f"put16/d{i}/")
    client.call("PUT", base + "4k.bin", blobs["4k"])
    client.call("PUT", base + "16m.bin", blobs["16m"])
    small = blobs["1k"]
    jobs = [base + f"many/file-{i:04d}.txt" for i in range(1000)] + [base + f"mix/file-{i:03d}.txt" for i in range(100)]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda path: client.call("PUT", path, small), jobs))


def hrefs(xml):
    return len(re.findall(rb"<(?:\w+:)?href>", xml))


def nubo_folder_id(client, names):
    """The REST id of the folder at names below the caller's root."""
    node = json.loads(client.call("GET", "/api/files/root"))["id"]
    for name in names:
        page = json.loads(client.call("GET", f"/api/files/{node}/children?limit=1000"))
        node = next(e["id"] for e in page["entries"] if e["name"] == name)
    return node


def files_below(client, base, folders):
    """The number of files in the folders under base (PROPFIND Depth 1 on each, less the folder itself)."""
    return sum(hrefs(client.call("PROPFIND", base + urllib.parse.quote(f) + "/", DAV_PROPS,
                                 {"Depth": "1", "Content-Type": "application/xml"})) - 1 for f in folders)


def timed(cmd, env, log_path):
    """Runs a sync client; its wall time in seconds and its output (also kept at log_path)."""
    t0 = time.monotonic()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.monotonic() - t0
    log_path.write_text(done.stdout + done.stderr)
    if done.returncode != 0:
        die(f"{cmd[0]} failed ({done.returncode}); see {log_path}")
    return wall, done.stdout + done.stderr


def sync_result(files, walls):
    ordered = sorted(walls)
    median = ordered[len(ordered) // 2]
    return {"rps": files / median, "p50_ms": median * 1000, "p99_ms": ordered[-1] * 1000, "requests": files,
            "errors": 0}


def sync_clients(work, nubo, apache, folder_count, per_folder):
    """nextcloudcmd against Nubo's dialect and rclone against Apache mod_dav, each uploading the same tree of
    folder_count x per_folder files of 1-16 KiB, then re-syncing it three times with nothing changed."""
    folders = [f"folder {d}" for d in range(folder_count)]
    trees = {"nc": work / "nc-tree", "rc": work / "rc-tree"}  # nextcloudcmd keeps its journal in its tree
    for d_index, folder in enumerate(folders):
        for f in range(per_folder):
            data = os.urandom(1024 + (d_index * per_folder + f) * 31 % 15360)
            for tree in trees.values():
                (tree / folder).mkdir(parents=True, exist_ok=True)
                (tree / folder / f"file {f:03d}.bin").write_bytes(data)
    files = folder_count * per_folder
    nc_home = work / "nchome"
    nc_home.mkdir()
    nubo.call("MKCOL", "/dav/files/admin/ncsync/")
    nc_cmd = ["nextcloudcmd", "--non-interactive", "-u", "admin", "-p", NUBO_PASS, "--path", "/ncsync",
              "--max-sync-retries", "1", str(trees["nc"]), f"http://127.0.0.1:{nubo.port}/nextcloud"]
    nc_env = dict(os.environ, HOME=str(nc_home))
    obscured = subprocess.run(["rclone", "obscure", PEER_PASS], capture_output=True, text=True,
                              check=True).stdout.strip()
    (work / "rclone.conf").write_text("")
    rc_env = dict(os.environ, RCLONE_CONFIG=str(work / "rclone.conf"), RCLONE_CONFIG_PEER_TYPE="webdav",
                  RCLONE_CONFIG_PEER_URL=f"http://127.0.0.1:{apache.port}/dav/", RCLONE_CONFIG_PEER_VENDOR="other",
                  RCLONE_CONFIG_PEER_USER=PEER_USER, RCLONE_CONFIG_PEER_PASS=obscured)
    rc_cmd = ["rclone", "copy", "-v", "--transfers", "6", "--retries", "1", str(trees["rc"]), "peer:rcsync"]
    walls = {}
    for who, cmd, env in (("nc", nc_cmd, nc_env), ("rc", rc_cmd, rc_env)):
        walls[who], _ = timed(cmd, env, work / f"{who}-upload.log")
    held = {"nubo": files_below(nubo, "/dav/files/admin/ncsync/", folders),
            "apache": files_below(apache, "/dav/rcsync/", folders)}
    if set(held.values()) != {files}:
        die(f"after the uploads the servers hold {held} files; expected {files} on each")
    resync = {"nc": [], "rc": []}
    for i in range(3):
        for who, cmd, env in (("nc", nc_cmd, nc_env), ("rc", rc_cmd, rc_env)):
            wall, out = timed(cmd, env, work / f"{who}-resync-{i}.log")
            moved = re.findall(r"(?:PUT|GET) of |: Copied \(", out)
            if moved:
                die(f"re-sync {i} with nothing changed transferred {len(moved)} files; see {work}/{who}-resync-{i}.log")
            resync[who].append(wall)
    out = {}
    for name, nc_walls, rc_walls in (("nc-upload", [walls["nc"]], [walls["rc"]]),
                                     ("nc-resync", resync["nc"], resync["rc"])):
        n, p = sync_result(files, nc_walls), sync_result(files, rc_walls)
        out[name] = {"connections": "sync", "seconds": round(sum(nc_walls), 2), "nubo": n, "peer": "rclone-apache",
                     "peer_result": p, "ratio": n["rps"] / p["rps"]}
        log(f"{name}: nextcloudcmd {n['p50_ms'] / 1000:.2f} s, rclone to Apache {p['p50_ms'] / 1000:.2f} s "
            f"({files} files)")
    return out


def machine():
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    mem = int(re.search(r"MemTotal:\s+(\d+)", open("/proc/meminfo").read()).group(1)) // 1024 // 1024
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": mem, "java": java[1] if len(java) > 1 else java[0]}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--jar", default=str(ROOT / "ear/target/nubo.jar"))
    p.add_argument("--out", required=True)
    p.add_argument("--only", default="", help="comma-separated workload names (nc-upload: the sync rows)")
    a = p.parse_args()
    for cmd in ("java", "wrk", "apache2", "htpasswd", "nextcloudcmd", "rclone"):
        if shutil.which(cmd) is None:
            die(f"{cmd} is missing (apt-get install -y wrk apache2 radicale python3-requests nextcloud-desktop-cmd "
                "rclone)")
    if subprocess.run([PYTHON, "-c", "import radicale, requests"], capture_output=True).returncode != 0:
        die(f"{PYTHON} lacks radicale or requests (apt-get install -y radicale python3-requests)")
    jar = pathlib.Path(a.jar)
    if not jar.is_file():
        die(f"no jar at {jar}; build it with mvn -B -ntp -DskipTests package")
    seconds, warm, conns = (1, 0, 4) if a.quick else (10, 10, 16)
    work = pathlib.Path(tempfile.mkdtemp(prefix="nubo-e2e."))
    raw = open(work / "wrk.txt", "w")
    servers = Servers(work, jar)
    started = time.monotonic()
    try:
        log(f"starting Nubo, Apache and Radicale (work directory {work})")
        nubo_port, nubo_pid = servers.nubo()
        apache_port, apache_pid = servers.apache()
        radicale_port, radicale_pid = servers.radicale()
        nubo = Client(nubo_port, "admin", NUBO_PASS)
        apache = Client(apache_port, PEER_USER, PEER_PASS)
        radicale = Client(radicale_port, PEER_USER, PEER_PASS)

        log("seeding the same files on Nubo and Apache")
        blobs = {"1k": os.urandom(1024), "4k": os.urandom(4096), "16m": os.urandom(16 << 20)}
        nubo_dav, apache_dav = "/dav/files/admin/e2e/", "/dav/e2e/"
        seed_files(nubo, nubo_dav, blobs)
        seed_files(apache, apache_dav, blobs)
        static = work / "apache/htdocs/static"
        (static / "4k.bin").write_bytes(blobs["4k"])
        (static / "16m.bin").write_bytes(blobs["16m"])
        nc_dav = "/nextcloud/remote.php/dav/files/admin/e2e/"
        listed = {name: hrefs(c.call("PROPFIND", path, DAV_PROPS if "nextcloud" not in path else NC_PROPS,
                                     {"Depth": "1", "Content-Type": "application/xml"}))
                  for name, c, path in (("nubo", nubo, nubo_dav + "many/"), ("apache", apache, apache_dav + "many/"),
                                        ("nextcloud", nubo, nc_dav + "many/"))}
        if set(listed.values()) != {1001}:
            die(f"the 1,000-file PROPFIND lists {listed} hrefs; expected 1001 everywhere")
        for c, path in ((nubo, nubo_dav), (apache, apache_dav)):
            if c.call("GET", path + "4k.bin") != blobs["4k"]:
                die(f"GET {path}4k.bin did not return the seeded bytes")
        mix_id = nubo_folder_id(nubo, ["e2e", "mix"])
        if len(json.loads(nubo.call("GET", f"/api/files/{mix_id}/children?limit=100"))["entries"]) != 100:
            die("the REST listing of mix/ does not hold 100 entries")

        log("seeding calendars and contacts on Nubo and Radicale (perf/pim/seed.py)")
        pim_env = dict(os.environ, PIM_EVENTS="500" if a.quick else "5000")
        pim = {"nubo": (nubo_port, "admin", NUBO_PASS, "/dav/calendars/admin/e2e/", "/dav/addressbooks/admin/e2e-book/",
                        []),
               "radicale": (radicale_port, PEER_USER, PEER_PASS, f"/{PEER_USER}/e2e/", f"/{PEER_USER}/e2e-book/",
                            ["--bulk"])}
        counts = {}
        for name, (port, user, password, cal, book, extra) in pim.items():
            origin = f"http://127.0.0.1:{port}"
            subprocess.run([PYTHON, str(PIM / "seed.py"), "seed", origin, user, password, cal, book] + extra,
                           env=pim_env, check=True, capture_output=True)
            (work / f"bodies-{name}").mkdir()
            subprocess.run([PYTHON, str(PIM / "seed.py"), "bodies", str(work / f"bodies-{name}"), book], env=pim_env,
                           check=True)
            c = nubo if name == "nubo" else radicale
            counts[name] = tuple(
                hrefs(c.call("REPORT", path, (work / f"bodies-{name}" / f"{w}.xml").read_bytes(),
                             {"Depth": "1", "Content-Type": "application/xml"}))
                for w, path in (("query-month", cal), ("multiget-500", book)))
        if counts["nubo"] != counts["radicale"] or counts["nubo"][1] != 500:
            die(f"the REPORTs answer differently: {counts} (responses of query-month, multiget-500)")
        for name, (port, user, password, cal, book, extra) in pim.items():
            body = work / f"bodies-{name}" / "sync-10.xml"
            subprocess.run([PYTHON, str(PIM / "seed.py"), "sync-prep", f"http://127.0.0.1:{port}", user, password, cal,
                            str(body)], env=pim_env, check=True, capture_output=True)
            changed = hrefs((nubo if name == "nubo" else radicale).call(
                "REPORT", cal, body.read_bytes(), {"Depth": "0", "Content-Type": "application/xml"}))
            if changed != 10:
                die(f"sync-10 on {name} lists {changed} changed events, not 10")

        nubo_url = f"http://127.0.0.1:{nubo_port}"
        apache_url = f"http://127.0.0.1:{apache_port}"
        radicale_url = f"http://127.0.0.1:{radicale_port}"
        (work / "propfind.xml").write_text(DAV_PROPS)
        (work / "nc-propfind.xml").write_text(NC_PROPS)
        propfind = {"E2E_METHOD": "PROPFIND", "E2E_BODY": str(work / "propfind.xml")}
        # workload: (Nubo: url, client, script, env), (peer name, url, client, script, env), connections
        plan = []
        for name, nubo_path, peer_path, env in (
                ("propfind1", nubo_dav + "many/", apache_dav + "many/", dict(propfind, E2E_DEPTH="1")),
                ("propfind0", nubo_dav + "4k.bin", apache_dav + "4k.bin", dict(propfind, E2E_DEPTH="0")),
                ("get4k", nubo_dav + "4k.bin", apache_dav + "4k.bin", {}),
                ("get16m", nubo_dav + "16m.bin", apache_dav + "16m.bin", {}),
                ("put64k", nubo_dav + "put/", apache_dav + "put/", {"E2E_METHOD": "PUT", "E2E_PUT": "p"}),
                ("put64k-1conn", nubo_dav + "put/", apache_dav + "put/", {"E2E_METHOD": "PUT", "E2E_PUT": "q"}),
                ("put4k-16dirs", nubo_dav + "put16/", apache_dav + "put16/",
                 {"E2E_METHOD": "PUT", "E2E_PUT": "s", "E2E_SIZE": "4096", "E2E_PUT_FOLDERS": "16"})):
            plan.append((name, (nubo_url + nubo_path, nubo, "load.lua", env),
                         ("apache", apache_url + peer_path, apache, "load.lua", env),
                         1 if name.endswith("-1conn") else conns))
        for size in ("4k", "16m"):
            plan.append((f"static-get{size}", (nubo_url + nubo_dav + f"{size}.bin", nubo, "load.lua", {}),
                         ("static", apache_url + f"/static/{size}.bin", apache, "load.lua", {}), conns))
        plan.append(("nc-propfind1", (nubo_url + nc_dav + "many/", nubo, "load.lua",
                                      {"E2E_METHOD": "PROPFIND", "E2E_BODY": str(work / "nc-propfind.xml"),
                                       "E2E_DEPTH": "1"}),
                     ("apache", apache_url + apache_dav + "many/", apache, "load.lua", dict(propfind, E2E_DEPTH="1")),
                     conns))
        for w, (n_path, r_path), depth in (("query-month", (pim["nubo"][3], pim["radicale"][3]), "1"),
                                           ("sync-10", (pim["nubo"][3], pim["radicale"][3]), "0"),
                                           ("multiget-500", (pim["nubo"][4], pim["radicale"][4]), "1")):
            plan.append((w, (nubo_url + n_path, nubo, "load.lua",
                             {"E2E_METHOD": "REPORT", "E2E_BODY": str(work / "bodies-nubo" / f"{w}.xml"),
                              "E2E_DEPTH": depth}),
                         ("radicale", radicale_url + r_path, radicale, "load.lua",
                          {"E2E_METHOD": "REPORT", "E2E_BODY": str(work / "bodies-radicale" / f"{w}.xml"),
                           "E2E_DEPTH": depth}), 8 if not a.quick else conns))
        mixed = {"E2E_FOLDER": nubo_dav + "mix/", "E2E_FILE": nubo_dav + "4k.bin", "E2E_PUT": nubo_dav + "put/m"}
        plan.append(("mixed32",
                     (nubo_url + "/", nubo, "mixed.lua",
                      dict(mixed, E2E_LIST=f"/api/files/{mix_id}/children?limit=100", E2E_LIST_METHOD="GET")),
                     ("apache", apache_url + "/", apache, "mixed.lua",
                      {"E2E_FOLDER": apache_dav + "mix/", "E2E_FILE": apache_dav + "4k.bin",
                       "E2E_PUT": apache_dav + "put/m", "E2E_LIST": apache_dav + "mix/", "E2E_LIST_METHOD": "PROPFIND"}),
                     32))

        only = set(filter(None, a.only.split(",")))
        if only:
            plan = [w for w in plan if w[0] in only]
        pids = {"nubo": nubo_pid, "apache": apache_pid, "static": apache_pid, "radicale": radicale_pid}
        results = {}
        for name, (n_url, n_client, n_script, n_env), (peer, p_url, p_client, p_script, p_env), c in plan:
            measured = {}
            for who, url, client, script, env, pid in (("nubo", n_url, n_client, n_script, n_env, nubo_pid),
                                                       (peer, p_url, p_client, p_script, p_env, pids[peer])):
                run_env = dict(env)
                if warm and who == "nubo":  # a JVM compiles its hot paths under load first; Apache and Radicale do not
                    if "E2E_PUT" in run_env:
                        run_env["E2E_PUT"] = env["E2E_PUT"] + "w"
                    wrk(url, client, script, c, warm, run_env, raw)
                    run_env = dict(env)
                settle([nubo_pid, apache_pid, radicale_pid], 5 if a.quick else 60)
                # Radicale answers these REPORTs in seconds each: a 10 s pass would count a dozen of them
                span = seconds * 3 if who == "radicale" and not a.quick else seconds
                measured[who] = wrk(url, client, script, c, span, run_env, raw)
            ratio = measured["nubo"]["rps"] / measured[peer]["rps"] if measured[peer]["rps"] else None
            results[name] = {"connections": c, "seconds": seconds, "peer_seconds": span, "nubo": measured["nubo"],
                             "peer": peer, "peer_result": measured[peer], "ratio": ratio}
            log(f"{name}: Nubo {measured['nubo']['rps']:.0f} req/s, {peer} {measured[peer]['rps']:.0f} req/s")
        settle([nubo_pid, apache_pid, radicale_pid], 5 if a.quick else 60)
        if not only or "nc-upload" in only:
            results.update(sync_clients(work, nubo, apache, 10 if a.quick else 100, 10 if a.quick else 100))
        rss, peak = memory_mib(nubo_pid)
    finally:
        servers.stop()
        raw.close()
    doc = {"kind": "e2e", "mode": "quick" if a.quick else "full", "date": datetime.datetime.now().isoformat(timespec="seconds"),
           "machine": machine(), "wall_seconds": round(time.monotonic() - started), "nubo_rss_mib": rss,
           "nubo_peak_rss_mib": peak, "workloads": results, "raw": str(work / "wrk.txt")}
    pathlib.Path(a.out).write_text(json.dumps(doc, indent=2) + "\n")
    shutil.rmtree(work / "nubo-data", ignore_errors=True)
    shutil.rmtree(work / "apache/htdocs", ignore_errors=True)
    for tree in ("nc-tree", "rc-tree", "nchome"):
        shutil.rmtree(work / tree, ignore_errors=True)
    log(f"done in {doc['wall_seconds']} s: {a.out}")


if __name__ == "__main__":
    main()
