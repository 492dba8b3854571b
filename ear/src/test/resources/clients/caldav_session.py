#!/usr/bin/python3
"""A CalDAV session driven by python3-caldav against Nubo, as a client app would run it.

usage: caldav_session.py DAV_ROOT USER PASSWORD
Prints one line per step ("ok NAME" or "FAILED NAME: why") and exits 1 on the first failure.
"""
import sys
import uuid
from datetime import datetime, timezone

import caldav

ROOT, USER, PASSWORD = sys.argv[1:4]
client = caldav.DAVClient(url=ROOT, username=USER, password=PASSWORD)
cal_id = "session-" + uuid.uuid4().hex[:8]


def utc(text):
    return datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)


def check(name, condition, why=""):
    if not condition:
        print("FAILED %s: %s" % (name, why), flush=True)
        sys.exit(1)
    print("ok " + name, flush=True)


def ics(uid, body):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nubo caldav session//EN\r\n" + body
            .replace("@UID@", uid) + "END:VCALENDAR\r\n")


SINGLE = ("BEGIN:VEVENT\r\nUID:@UID@\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300107T100000Z\r\n"
          "DTEND:20300107T110000Z\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n")
ALLDAY = ("BEGIN:VEVENT\r\nUID:@UID@\r\nDTSTAMP:20300101T000000Z\r\nDTSTART;VALUE=DATE:20300215\r\n"
          "DTEND;VALUE=DATE:20300216\r\nSUMMARY:Holiday\r\nEND:VEVENT\r\n")
WEEKLY = ("BEGIN:VEVENT\r\nUID:@UID@\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300101T090000Z\r\n"
          "DTEND:20300101T093000Z\r\nRRULE:FREQ=WEEKLY;COUNT=5\r\nEXDATE:20300122T090000Z\r\nSUMMARY:Standup\r\n"
          "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:@UID@\r\nDTSTAMP:20300101T000000Z\r\n"
          "RECURRENCE-ID:20300108T090000Z\r\nDTSTART:20300109T120000Z\r\nDTEND:20300109T123000Z\r\n"
          "SUMMARY:Standup (moved)\r\nEND:VEVENT\r\n")


def uids(objects):
    found = set()
    for o in objects:
        for line in o.data.splitlines():
            if line.startswith("UID:"):
                found.add(line[4:].strip())
    return found


principal = client.principal()
check("principal discovered", str(principal.url).rstrip("/").endswith("/principals/" + USER), principal.url)
home = principal.calendar_home_set
check("calendar home set", str(home.url).rstrip("/").endswith("/calendars/" + USER), home.url)
check("default calendar listed", any(str(c.url).rstrip("/").endswith("/personal") for c in principal.calendars()))

cal = principal.make_calendar(name="Session " + cal_id, cal_id=cal_id)
check("calendar created", any(str(c.url).rstrip("/").endswith(cal_id) for c in principal.calendars()))


def ctag_and_token():
    body = ('<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/>'
            '<d:sync-token/></d:prop></d:propfind>')
    r = client.propfind(str(cal.url), body, depth=0)
    tree = r.tree
    ctag = tree.find(".//{http://calendarserver.org/ns/}getctag").text
    token = tree.find(".//{DAV:}sync-token").text
    return ctag, token


ctag0, token0 = ctag_and_token()
u1, u2, u3 = ("s1-" + uuid.uuid4().hex, "s2-" + uuid.uuid4().hex, "s3-" + uuid.uuid4().hex)
e1 = cal.save_event(ics(u1, SINGLE))
e2 = cal.save_event(ics(u2, ALLDAY))
e3 = cal.save_event(ics(u3, WEEKLY))
ctag1, token1 = ctag_and_token()
check("ctag and sync-token change with new events", ctag1 != ctag0 and token1 != token0, (ctag0, ctag1))
check("all three listed", uids(cal.events()) == {u1, u2, u3}, uids(cal.events()))

check("time range finds the single event and the moved instance",
      uids(cal.search(start=utc("20300105T000000Z"), end=utc("20300112T000000Z"), event=True)) == {u1, u3})
check("the excluded date finds nothing",
      uids(cal.search(start=utc("20300120T000000Z"), end=utc("20300124T000000Z"), event=True)) == set())
check("the all-day event is found in February",
      uids(cal.search(start=utc("20300201T000000Z"), end=utc("20300301T000000Z"), event=True)) == {u2})
expanded = cal.search(start=utc("20300101T000000Z"), end=utc("20300201T000000Z"), event=True, expand=True)
starts = sorted(line.split(":", 1)[1].strip() for o in expanded for line in o.data.splitlines()
                if line.startswith("DTSTART"))
check("expanded January", starts == ["20300101T090000Z", "20300107T100000Z", "20300109T120000Z",
                                     "20300115T090000Z", "20300129T090000Z"], starts)

e1.load()
old_etag = client.request(str(e1.url), "HEAD").headers.get("ETag")
e1.data = e1.data.replace("SUMMARY:Dentist", "SUMMARY:Dentist (moved)")
e1.save()
fresh = client.request(str(e1.url), "GET")
body = fresh.raw.decode("utf-8") if isinstance(fresh.raw, bytes) else fresh.raw
check("update stored with a new etag", "(moved)" in body and fresh.headers.get("ETag") != old_etag)
stale = client.request(str(e1.url), "PUT", ics(u1, SINGLE),
                       {"Content-Type": "text/calendar", "If-Match": old_etag})
check("a stale If-Match is refused", stale.status == 412, stale.status)

changed = cal.objects_by_sync_token(sync_token=token1, load_objects=False)
names = sorted(str(o.url).rsplit("/", 1)[-1] for o in changed)
check("sync-collection reports just the update", names == [str(e1.url).rsplit("/", 1)[-1]], names)

e2.delete()
check("deleted event is gone", client.request(str(e2.url), "GET").status == 404)
ctag2, token2 = ctag_and_token()
check("ctag changes with a delete", ctag2 != ctag1)
check("event_by_uid finds the recurring one", "RECURRENCE-ID" in cal.event_by_uid(u3).data)

cal.delete()
check("calendar deleted", client.request(str(cal.url), "PROPFIND", "", {"Depth": "0"}).status == 404)
print("done", flush=True)
