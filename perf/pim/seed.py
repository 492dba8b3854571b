#!/usr/bin/python3
"""Seed data, request bodies and answer checks for perf/pim/bench.sh (stdlib + requests only).

The data is the same for every server and every run (a fixed seed): a calendar of 5,000 VEVENTs spread over 2030,
500 of them (10 %) recurring with a daily or weekly RRULE (half bounded by COUNT, half by UNTIL, some with an
EXDATE), DTSTART/DTEND in UTC, plus a few hand-made edge cases around the June 2030 window; and an address book of
500 vCard 3.0 contacts. Each object is stored under <UID>.ics / <UID>.vcf so that the hrefs are the same whether a
server took one PUT per object or (Radicale, see --bulk) one PUT of the whole collection.

Subcommands:
  expected                         the number of events overlapping [20300601T000000Z, 20300701T000000Z),
                                   recurrences expanded here (RFC 5545 COUNT/UNTIL/EXDATE semantics)
  seed URL USER PASS CAL BOOK      (re)create CAL (MKCALENDAR) and BOOK (extended MKCOL) under URL, PUT the data
                                   (8 concurrent requests; --bulk: one PUT of each whole collection instead)
  bodies DIR BOOK                  write query-month.xml and multiget-500.xml (hrefs under the path BOOK) into DIR
  sync-prep URL USER PASS CAL FILE take a sync-token (sync-collection, empty token), change 10 events, and write
                                   the sync-collection body with that token to FILE
  count FILE                       summarize a 207 answer: responses, with a 200 getetag, with calendar/address data
"""
import argparse
import concurrent.futures
import datetime as dt
import os
import random
import sys
import threading
import time
import xml.etree.ElementTree as ET

SEED = 20300601
N_EVENTS = int(os.environ.get("PIM_EVENTS", "5000"))  # perf/e2e's quick mode seeds fewer
N_RECURRING = N_EVENTS // 10
N_CONTACTS = 500
RANGE_START = dt.datetime(2030, 6, 1)
RANGE_END = dt.datetime(2030, 7, 1)
CHANGED = [17 + N_EVENTS // 10 * k for k in range(10)]  # the events sync-prep edits (none is an edge case)
DAV, CAL, CARD = "DAV:", "urn:ietf:params:xml:ns:caldav", "urn:ietf:params:xml:ns:carddav"
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa "
         "quebec romeo sierra tango uniform victor whiskey xray yankee zulu").split()


def fmt(t):
    return t.strftime("%Y%m%dT%H%M%SZ")


class Event:
    def __init__(self, uid, start, end, rrule=None, exdates=(), summary="", where=""):
        self.uid, self.start, self.end, self.rrule, self.exdates = uid, start, end, rrule, list(exdates)
        self.summary, self.where = summary, where

    def instances(self):
        """Start times of the recurrence set: RRULE (freq, interval, byday, count, until) minus EXDATE."""
        if not self.rrule:
            return [self.start]
        r = self.rrule
        out, t, limit = [], self.start, dt.datetime(2032, 1, 1)
        while t < limit:
            if r.get("until") and t > r["until"]:
                break
            if r.get("count") and len(out) >= r["count"]:
                break
            if r["freq"] == "DAILY":
                out.append(t)
                t += dt.timedelta(days=r.get("interval", 1))
            else:  # WEEKLY, INTERVAL 1 when BYDAY is given (so WKST does not matter)
                if r.get("byday"):
                    if WEEKDAYS[t.weekday()] in r["byday"]:
                        out.append(t)
                    t += dt.timedelta(days=1)
                else:
                    out.append(t)
                    t += dt.timedelta(weeks=r.get("interval", 1))
        ex = set(self.exdates)
        return [s for s in out if s not in ex]

    def overlaps(self, a, b):
        d = self.end - self.start
        return any(s < b and s + d > a for s in self.instances())

    def ics(self, sequence=0, edited=False):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nubo//perf-pim//EN", "BEGIN:VEVENT",
                 "UID:" + self.uid, "DTSTAMP:" + ("20300102T000000Z" if edited else "20300101T000000Z"),
                 "DTSTART:" + fmt(self.start), "DTEND:" + fmt(self.end),
                 "SUMMARY:" + self.summary + (" (edited)" if edited else ""), "LOCATION:" + self.where]
        if sequence:
            lines.append("SEQUENCE:%d" % sequence)
        if self.rrule:
            r = self.rrule
            parts = ["FREQ=" + r["freq"]]
            if r.get("interval", 1) != 1:
                parts.append("INTERVAL=%d" % r["interval"])
            if r.get("count"):
                parts.append("COUNT=%d" % r["count"])
            if r.get("until"):
                parts.append("UNTIL=" + fmt(r["until"]))
            if r.get("byday"):
                parts.append("BYDAY=" + ",".join(r["byday"]))
            lines.append("RRULE:" + ";".join(parts))
        if self.exdates:
            lines.append("EXDATE:" + ",".join(fmt(x) for x in self.exdates))
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return "\r\n".join(lines) + "\r\n"


def edge_cases():
    """Hand-made events at the edges of June 2030; the comment says whether each overlaps it."""
    D = dt.datetime
    return [
        (D(2030, 5, 31, 23), D(2030, 6, 1, 0), None, []),  # ends when the range starts: no
        (D(2030, 7, 1, 0), D(2030, 7, 1, 1), None, []),  # starts when the range ends: no
        (D(2030, 5, 31, 22), D(2030, 6, 1, 1), None, []),  # crosses the start: yes
        (D(2030, 6, 30, 23, 30), D(2030, 7, 1, 0, 30), None, []),  # crosses the end: yes
        (D(2030, 5, 20), D(2030, 7, 10), None, []),  # spans the whole range: yes
        # daily COUNT=3 from May 30, its June 1 instance excluded: no
        (D(2030, 5, 30, 9), D(2030, 5, 30, 10), {"freq": "DAILY", "count": 3}, [D(2030, 6, 1, 9)]),
        # daily until exactly the June 1 instance (UNTIL is inclusive): yes
        (D(2030, 5, 25, 9), D(2030, 5, 25, 10), {"freq": "DAILY", "until": D(2030, 6, 1, 9)}, []),
        # weekly until the end of May: no
        (D(2030, 1, 3, 10), D(2030, 1, 3, 11), {"freq": "WEEKLY", "until": D(2030, 5, 31, 23, 59, 59)}, []),
        # weekly COUNT=10 from April 15, its three June instances excluded (one EXDATE, three values): no
        (D(2030, 4, 15, 8), D(2030, 4, 15, 9), {"freq": "WEEKLY", "count": 10},
         [D(2030, 6, 3, 8), D(2030, 6, 10, 8), D(2030, 6, 17, 8)]),
        # every other day, 2 h from 23:00, COUNT=2: its second instance crosses into June: yes
        (D(2030, 5, 29, 23), D(2030, 5, 30, 1), {"freq": "DAILY", "interval": 2, "count": 2}, []),
        # weekly from May 5 12:00 until a second before the June 2 instance: no
        (D(2030, 5, 5, 12), D(2030, 5, 5, 13), {"freq": "WEEKLY", "until": D(2030, 6, 2, 11, 59, 59)}, []),
    ]


def events():
    rng = random.Random(SEED)
    edges = edge_cases()
    n_edge_rec = sum(1 for e in edges if e[2])
    slots = [s for s in range(N_EVENTS) if s not in CHANGED]
    rng.shuffle(slots)
    edge_slots = dict(zip(slots, edges))
    rest = slots[len(edges):]
    recurring = set(rest[:N_RECURRING - n_edge_rec])
    year0 = dt.datetime(2030, 1, 1)
    out = []
    for i in range(N_EVENTS):
        uid = "bench-ev-%05d" % i
        summary = "Event %d %s %s" % (i, rng.choice(WORDS), rng.choice(WORDS))
        where = "Room %d" % rng.randrange(1, 40)
        if i in edge_slots:
            s, e, rr, ex = edge_slots[i]
            out.append(Event(uid, s, e, rr, ex, summary, where))
            continue
        start = year0 + dt.timedelta(days=rng.randrange(365), minutes=15 * rng.randrange(7 * 4, 20 * 4))
        if i in recurring:
            dur = dt.timedelta(minutes=rng.choice((30, 45, 60, 90)))
            if rng.random() < 0.5:
                rr = {"freq": "DAILY", "interval": rng.choice((1, 1, 2, 3))}
                n = rng.randrange(2, 31)
                step = dt.timedelta(days=rr["interval"])
            elif rng.random() < 0.7:
                rr = {"freq": "WEEKLY", "interval": rng.choice((1, 1, 2))}
                n = rng.randrange(2, 21)
                step = dt.timedelta(weeks=rr["interval"])
            else:
                days = sorted({start.weekday(), *rng.sample(range(7), 2)})
                rr = {"freq": "WEEKLY", "byday": [WEEKDAYS[d] for d in days]}
                n = rng.randrange(3, 31)
                step = None
            if rng.random() < 0.5:
                rr["count"] = n
            else:  # UNTIL at the n-th instance's start (plus up to a day: still inclusive of it)
                if step is None:
                    until = start + dt.timedelta(days=(n * 7) // len(rr["byday"]))
                else:
                    until = start + step * (n - 1)
                rr["until"] = until + dt.timedelta(hours=rng.choice((0, 0, 2, 23)))
            ev = Event(uid, start, start + dur, rr, [], summary, where)
            if rng.random() < 0.15:
                inst = ev.instances()
                if len(inst) > 2:
                    ev.exdates = sorted(rng.sample(inst[1:], rng.choice((1, 1, 2))))
            out.append(ev)
        else:
            if rng.random() < 0.02:
                dur = dt.timedelta(days=rng.randrange(1, 6))
            else:
                dur = dt.timedelta(minutes=rng.choice((15, 30, 45, 60, 60, 90, 120, 180)))
            out.append(Event(uid, start, start + dur, None, [], summary, where))
    return out


def contacts():
    rng = random.Random(SEED + 1)
    first = "Ada Alan Barbara Claude Dennis Edsger Frances Grace Hedy John Ken Linus Margaret Niklaus Radia".split()
    last = "Lovelace Turing Liskov Shannon Ritchie Dijkstra Allen Hopper Lamarr McCarthy Thompson Hamilton".split()
    out = []
    for i in range(N_CONTACTS):
        uid = "bench-ct-%04d" % i
        f, l = rng.choice(first), rng.choice(last)
        out.append((uid, "\r\n".join([
            "BEGIN:VCARD", "VERSION:3.0", "UID:" + uid, "FN:%s %s %d" % (f, l, i), "N:%s;%s;;;" % (l, f),
            "EMAIL;TYPE=INTERNET:%s.%s%d@example.org" % (f.lower(), l.lower(), i),
            "TEL;TYPE=CELL:+1-555-%03d-%04d" % (rng.randrange(1000), rng.randrange(10000)),
            "ORG:Bench Corp %d" % rng.randrange(20), "END:VCARD"]) + "\r\n"))
    return out


def expected():
    return sum(1 for e in events() if e.overlaps(RANGE_START, RANGE_END))


# ---------------------------------------------------------------- HTTP
_local = threading.local()


def session(user, password):
    import requests
    s = getattr(_local, "s", None)
    if s is None:
        s = _local.s = requests.Session()
        s.auth = (user, password)
    return s


def req(user, password, method, url, body=None, ctype=None, headers=None, timeout=60):
    h = dict(headers or {})
    if ctype:
        h["Content-Type"] = ctype
    for attempt in range(3):
        try:
            return session(user, password).request(method, url, data=body, headers=h, timeout=timeout)
        except Exception as e:  # a dropped keep-alive connection: retry on a new one
            if attempt == 2:
                raise SystemExit("seed: %s %s failed: %s" % (method, url, e))
            _local.s = None
            time.sleep(0.5)


def die(msg):
    print("seed: " + msg, file=sys.stderr)
    sys.exit(1)


MKCALENDAR = ('<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" '
              'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Bench calendar'
              '</D:displayname><C:supported-calendar-component-set><C:comp name="VEVENT"/>'
              '</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>')
MKCOL_BOOK = ('<?xml version="1.0" encoding="utf-8"?><D:mkcol xmlns:D="DAV:" '
              'xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:resourcetype><D:collection/>'
              '<CR:addressbook/></D:resourcetype><D:displayname>Bench address book</D:displayname></D:prop>'
              '</D:set></D:mkcol>')


def recreate(a, url, method, body):
    r = req(a.user, a.password, "DELETE", url)
    if r.status_code not in (200, 204, 404):
        die("DELETE %s -> %d %s" % (url, r.status_code, r.text[:300]))
    r = req(a.user, a.password, method, url, body, "application/xml; charset=utf-8")
    if r.status_code != 201:
        die("%s %s -> %d %s" % (method, url, r.status_code, r.text[:300]))


def put_all(a, items, ctype):
    """PUT (url, body) pairs with 8 concurrent requests; returns {status: count}."""
    codes = {}

    def one(item):
        url, body = item
        r = req(a.user, a.password, "PUT", url, body.encode(), ctype)
        return r.status_code, url, r.text[:200]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for code, url, text in pool.map(one, items):
            codes[code] = codes.get(code, 0) + 1
            if code not in (201, 204) and codes[code] <= 3:
                print("seed: PUT %s -> %d %s" % (url, code, text), file=sys.stderr)
    return codes


def cmd_seed(a):
    base = a.url.rstrip("/")
    cal, book = base + a.cal, base + a.book
    t0 = time.time()
    recreate(a, cal, "MKCALENDAR", MKCALENDAR)
    recreate(a, book, "MKCOL", MKCOL_BOOK)
    evs, cts = events(), contacts()
    if a.bulk:
        # One PUT of the whole collection (Radicale's import path): Radicale checks every single-object PUT for a
        # UID conflict against all objects of the collection, which makes 5,000 single PUTs quadratic.
        body = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nubo//perf-pim//EN\r\n" + "".join(
            e.ics().split("PRODID:-//Nubo//perf-pim//EN\r\n", 1)[1].rsplit("END:VCALENDAR\r\n", 1)[0]
            for e in evs) + "END:VCALENDAR\r\n"
        codes = put_all(a, [(cal, body)], "text/calendar; charset=utf-8")
        codes2 = put_all(a, [(book, "".join(c for _, c in cts))], "text/vcard; charset=utf-8")
    else:
        codes = put_all(a, [(cal + e.uid + ".ics", e.ics()) for e in evs], "text/calendar; charset=utf-8")
        codes2 = put_all(a, [(book + u + ".vcf", c) for u, c in cts], "text/vcard; charset=utf-8")
    bad = {k: v for d in (codes, codes2) for k, v in d.items() if k not in (201, 204)}
    print("seed: %s: %d events, %d contacts %s in %.1f s (PUT status counts: events %s, contacts %s)" % (
        base, len(evs), len(cts), "(2 whole-collection PUTs)" if a.bulk else "(one PUT each)",
        time.time() - t0, codes, codes2), file=sys.stderr)
    if bad:
        die("some PUTs failed: %s" % bad)
    # the collections must hold what was PUT (Depth 1 PROPFIND, count of objects)
    for url, n, ext in ((cal, len(evs), ".ics"), (book, len(cts), ".vcf")):
        r = req(a.user, a.password, "PROPFIND", url,
                '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
                "application/xml; charset=utf-8", {"Depth": "1"})
        got = sum(1 for h in ET.fromstring(r.content).iter("{DAV:}href") if (h.text or "").endswith(ext))
        if r.status_code != 207 or got != n:
            die("PROPFIND %s -> %d with %d objects, expected %d" % (url, r.status_code, got, n))


def cmd_bodies(a):
    q = ('<?xml version="1.0" encoding="utf-8"?>\n<C:calendar-query xmlns:D="DAV:" '
         'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter>'
         '<C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="%s" end="%s"/>'
         '</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>\n' % (fmt(RANGE_START), fmt(RANGE_END)))
    book = "/" + a.book.strip("/") + "/"
    m = ('<?xml version="1.0" encoding="utf-8"?>\n<CR:addressbook-multiget xmlns:D="DAV:" '
         'xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/><CR:address-data/></D:prop>\n'
         + "".join("<D:href>%s%s.vcf</D:href>\n" % (book, u) for u, _ in contacts())
         + '</CR:addressbook-multiget>\n')
    with open(a.dir + "/query-month.xml", "w") as f:
        f.write(q)
    with open(a.dir + "/multiget-500.xml", "w") as f:
        f.write(m)


def sync_body(token):
    return ('<?xml version="1.0" encoding="utf-8"?>\n<D:sync-collection xmlns:D="DAV:"><D:sync-token>%s'
            '</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>\n'
            % token.replace("&", "&amp;").replace("<", "&lt;"))


def cmd_sync_prep(a):
    cal = a.url.rstrip("/") + a.cal
    r = req(a.user, a.password, "REPORT", cal, sync_body(""), "application/xml; charset=utf-8", {"Depth": "0"})
    if r.status_code != 207:
        die("initial sync-collection on %s -> %d %s" % (cal, r.status_code, r.text[:300]))
    tok = ET.fromstring(r.content).find("{DAV:}sync-token")
    if tok is None or not (tok.text or "").strip():
        die("initial sync-collection on %s: no sync-token in the answer" % cal)
    evs = events()
    for i in CHANGED:
        r = req(a.user, a.password, "PUT", cal + evs[i].uid + ".ics", evs[i].ics(sequence=1, edited=True).encode(),
                "text/calendar; charset=utf-8")
        if r.status_code not in (201, 204):
            die("PUT of a changed event -> %d %s" % (r.status_code, r.text[:300]))
    with open(a.file, "w") as f:
        f.write(sync_body(tok.text.strip()))


def cmd_count(a):
    try:
        root = ET.parse(a.file).getroot()
    except ET.ParseError as e:
        print("responses=0 etag=0 data=0 parse-error=%s" % str(e).replace(" ", "_"))
        return
    n = etag = data = 0
    for resp in root.iter("{DAV:}response"):
        n += 1
        for ps in resp.iter("{DAV:}propstat"):
            st = ps.find("{DAV:}status")
            if st is None or " 200 " not in (st.text or "") + " ":
                continue
            if any((e.text or "").strip() for e in ps.iter("{DAV:}getetag")):
                etag += 1
            if any((e.text or "").strip() for tag in ("{%s}calendar-data" % CAL, "{%s}address-data" % CARD)
                   for e in ps.iter(tag)):
                data += 1
    print("responses=%d etag=%d data=%d" % (n, etag, data))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("expected")
    s = sub.add_parser("seed")
    for x in ("url", "user", "password", "cal", "book"):
        s.add_argument(x)
    s.add_argument("--bulk", action="store_true")
    s = sub.add_parser("bodies")
    s.add_argument("dir")
    s.add_argument("book")
    s = sub.add_parser("sync-prep")
    for x in ("url", "user", "password", "cal", "file"):
        s.add_argument(x)
    s = sub.add_parser("count")
    s.add_argument("file")
    a = p.parse_args()
    if a.cmd == "expected":
        print(expected())
    else:
        {"seed": cmd_seed, "bodies": cmd_bodies, "sync-prep": cmd_sync_prep, "count": cmd_count}[a.cmd](a)


if __name__ == "__main__":
    main()
