// The calendar and contacts pages against the real API, as a fresh user, in a browser set to Berlin time so the
// times the page shows and sends are not the server's UTC.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dropUser, newUser, Rest, signIn, type TestUser } from "./fixtures";

test.use({ timezoneId: "Europe/Berlin", locale: "en-GB" });

let user: TestUser;
test.beforeEach(async ({ request }) => {
  user = await newUser(request, "pim");
});
test.afterEach(async ({ request }) => {
  await dropUser(request, user);
});

async function noSeriousAxe(page: Page, name: string) {
  const result = await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

interface Occ {
  id: number;
  summary: string;
  start: string;
  end: string;
}

test("calendar: month view, create, edit and delete an event, week view", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  await rest.json("POST", "/calendars", { id: "work", name: "Work", color: "#c2410c" });
  await rest.json("POST", "/calendars/work/events", {
    summary: "Seeded standup",
    start: "2026-12-08T09:30:00+01:00",
    end: "2026-12-08T10:00:00+01:00",
  });
  await rest.json("POST", "/calendars/work/events", { summary: "Seeded trip", start: "2026-12-10", end: "2026-12-12", allDay: true });

  for (const h of [8, 10, 12, 14]) {
    await rest.json("POST", "/calendars/personal/events", { summary: `Busy ${h}`, start: `2026-12-22T${String(h).padStart(2, "0")}:00:00+01:00` });
  }

  // "today" is fixed, so the week the view switch opens does not depend on the day the test runs
  await page.clock.setFixedTime(new Date("2026-12-05T10:00:00+01:00"));
  await signIn(page, user.username, user.password);
  await page.goto("/calendar/month/2026-12");
  await expect(page.getByRole("button", { name: "New event on Saturday, 5 December 2026" })).toHaveAttribute("aria-current", "date");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Work" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Personal" })).toBeChecked();
  const standup = page.getByRole("button", { name: "09:30 Seeded standup" });
  await expect(standup).toBeVisible();
  // a two-day all-day event is on both its days
  await expect(page.getByRole("button", { name: "Seeded trip" })).toHaveCount(2);
  await page.screenshot({ path: "test-results/calendar.png" });
  await noSeriousAxe(page, "calendar");

  // a full day shows two and "+2 more", which opens its week
  await expect(page.getByRole("button", { name: /Busy/ })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "2 more on Tuesday, 22 December 2026: show the week" })).toHaveText("+2 more");

  // hiding a calendar hides its events
  await page.getByRole("checkbox", { name: "Work" }).uncheck();
  await expect(standup).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Work" }).check();
  await expect(standup).toBeVisible();

  // create on 15 December, 14:00–15:30 Berlin time
  await page.getByRole("button", { name: "New event on Tuesday, 15 December 2026" }).click();
  const dialog = page.getByRole("dialog", { name: "New event" });
  await dialog.getByLabel("Title").fill("Design review");
  await dialog.getByLabel("Start time").fill("14:00");
  await dialog.getByLabel("End time").fill("15:30");
  await dialog.getByLabel("Location").fill("Room 2");
  await dialog.getByLabel("Calendar").selectOption("work");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Created “Design review”." })).toBeVisible();
  await expect(page.getByRole("button", { name: "14:00 Design review" })).toBeVisible();
  const window = "start=2026-12-01T00:00:00Z&end=2027-01-01T00:00:00Z";
  let events = (await rest.json<{ events: Occ[] }>("GET", `/calendars/work/events?${window}`)).events;
  const made = events.find((e) => e.summary === "Design review")!;
  expect([made.start, made.end]).toEqual(["2026-12-15T13:00:00Z", "2026-12-15T14:30:00Z"]);

  // edit its title
  await page.getByRole("button", { name: "14:00 Design review" }).click();
  const edit = page.getByRole("dialog", { name: "Edit event" });
  await expect(edit.getByLabel("Title")).toHaveValue("Design review");
  await edit.getByLabel("Title").fill("Design review (final)");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "14:00 Design review (final)" })).toBeVisible();
  const renamed = await rest.json<{ summary: string; start: string }>("GET", `/calendars/work/events/${made.id}`);
  expect([renamed.summary, renamed.start]).toEqual(["Design review (final)", "2026-12-15T13:00:00Z"]);

  // a change made elsewhere meanwhile: the save is refused and the form reloaded
  await page.getByRole("button", { name: "14:00 Design review (final)" }).click();
  await rest.json("PUT", `/calendars/work/events/${made.id}`, {
    summary: "Changed elsewhere",
    start: "2026-12-15T14:00:00+01:00",
    end: "2026-12-15T15:30:00+01:00",
  });
  await edit.getByLabel("Title").fill("Mine");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toContainText("changed elsewhere");
  await expect(edit.getByLabel("Title")).toHaveValue("Changed elsewhere");

  // delete it
  await edit.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete “Changed elsewhere”" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted “Changed elsewhere”." })).toBeVisible();
  events = (await rest.json<{ events: Occ[] }>("GET", `/calendars/work/events?${window}`)).events;
  expect(events.map((e) => e.summary).sort()).toEqual(["Seeded standup", "Seeded trip"]);

  await page.getByRole("button", { name: "2 more on Tuesday, 22 December 2026: show the week" }).click();
  await expect(page).toHaveURL(/\/calendar\/week\/2026-12-21$/);
  await expect(page.getByRole("button", { name: /Busy/ })).toHaveCount(4);
  await page.getByRole("button", { name: "Month", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar\/month\/2026-12$/);

  // the week view, and the address keeps it across a reload
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar\/week\/2026-11-30$/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/calendar\/week\/2026-12-07$/);
  await page.reload();
  await expect(page.getByRole("button", { name: /09:30–10:00 Seeded standup/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Seeded trip" })).toHaveCount(2);
  await page.screenshot({ path: "test-results/calendar-week.png" });
  await noSeriousAxe(page, "calendar week");
});

test("a user without calendars is offered to make one", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  await rest.json("DELETE", "/calendars/personal");
  await signIn(page, user.username, user.password);
  await page.goto("/calendar");
  await expect(page).toHaveURL(/\/calendar\/month\/\d{4}-\d{2}$/);
  await expect(page.getByText("You have no calendar yet.")).toBeVisible();
  await page.getByRole("button", { name: "New calendar" }).click();
  await page.getByRole("dialog", { name: "New calendar" }).getByLabel("Name").fill("Home");
  await page.getByRole("dialog", { name: "New calendar" }).getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("checkbox", { name: "Home" })).toBeChecked();
  expect((await rest.json<{ id: string }[]>("GET", "/calendars")).map((c) => c.id)).toEqual(["home"]);
});

interface Card {
  id: number;
  fullName: string;
  emails: { value: string }[];
  phones: { value: string }[];
  organization?: string;
}

test("contacts: search, create, edit and delete", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  await rest.json("POST", "/addressbooks/contacts/contacts", {
    givenName: "Ada",
    familyName: "Lovelace",
    organization: "Analytical Engines",
    emails: [{ type: "work", value: "ada@example.org" }],
    phones: [{ type: "cell", value: "+44 20 7946 0000" }],
    note: "First programmer.\nMet in London.",
  });
  await rest.json("POST", "/addressbooks/contacts/contacts", { givenName: "Grace", familyName: "Hopper" });

  await signIn(page, user.username, user.password);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  const list = page.getByRole("region", { name: "Contacts" }).getByRole("listitem");
  await expect(list).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("lovel");
  await expect(list).toHaveCount(1);
  await expect(list).toContainText("Ada Lovelace");
  await list.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "ada@example.org" })).toHaveAttribute("href", "mailto:ada@example.org");
  await expect(page.getByText("Met in London.")).toBeVisible();
  await page.screenshot({ path: "test-results/contacts.png" });
  await noSeriousAxe(page, "contacts");

  await page.getByRole("searchbox", { name: "Search contacts" }).fill("");
  await expect(list).toHaveCount(2);

  // create
  await page.getByRole("button", { name: "New contact" }).click();
  const dialog = page.getByRole("dialog", { name: "New contact" });
  await dialog.getByLabel("First name").fill("Alan");
  await dialog.getByLabel("Last name").fill("Turing");
  await dialog.getByLabel("Organisation").fill("Bletchley Park");
  await dialog.getByRole("button", { name: "Add an e-mail address" }).click();
  await dialog.getByLabel("E-mail 1", { exact: true }).fill("alan@example.org");
  await dialog.getByRole("button", { name: "Add a phone number" }).click();
  await dialog.getByLabel("Phone 1", { exact: true }).fill("+44 1908 640404");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Created “Alan Turing”." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Alan Turing", level: 2 })).toBeVisible();
  let cards = (await rest.json<{ contacts: Card[] }>("GET", "/addressbooks/contacts/contacts")).contacts;
  const alan = cards.find((c) => c.fullName === "Alan Turing")!;
  expect([alan.organization, alan.emails[0].value, alan.phones[0].value]).toEqual([
    "Bletchley Park",
    "alan@example.org",
    "+44 1908 640404",
  ]);

  // edit: the display name follows the new first name
  await page.getByRole("button", { name: "Edit Alan Turing" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Alan Turing" });
  await edit.getByLabel("First name").fill("Alan M.");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Alan M. Turing", level: 2 })).toBeVisible();
  const edited = await rest.json<Card>("GET", `/addressbooks/contacts/contacts/${alan.id}`);
  expect([edited.fullName, edited.emails[0].value]).toEqual(["Alan M. Turing", "alan@example.org"]);

  // delete, after confirming
  await page.getByRole("button", { name: "Delete Alan M. Turing" }).click();
  await page.getByRole("dialog", { name: "Delete Alan M. Turing" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted “Alan M. Turing”." })).toBeVisible();
  cards = (await rest.json<{ contacts: Card[] }>("GET", "/addressbooks/contacts/contacts")).contacts;
  expect(cards.map((c) => c.fullName).sort()).toEqual(["Ada Lovelace", "Grace Hopper"]);
});

test("calendar and contacts fit a 375 px wide phone", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  await rest.json("POST", "/calendars/personal/events", { summary: "A long title for a small screen", start: "2026-12-08T09:00:00Z" });
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, user.username, user.password);
  for (const path of ["/calendar/month/2026-12", "/calendar/week/2026-12-07", "/contacts"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/phone-${path.split("/").slice(1, 3).join("-")}.png` });
  }
});

test("contacts: pages follow the cursor, and an edit made elsewhere is not overwritten", async ({ page, request }) => {
  const rest = await Rest.as(request, user.username, user.password);
  await Promise.all(
    Array.from({ length: 105 }, (_, i) =>
      rest.json("POST", "/addressbooks/contacts/contacts", { fullName: `Person ${String(i).padStart(3, "0")}` }),
    ),
  );
  await signIn(page, user.username, user.password);
  await page.goto("/contacts");
  const list = page.getByRole("region", { name: "Contacts" }).getByRole("listitem");
  await expect(list).toHaveCount(100);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(list).toHaveCount(105);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(list.last()).toHaveText("Person 104");

  await list.filter({ hasText: "Person 007" }).getByRole("link").click();
  await page.getByRole("button", { name: "Edit Person 007" }).click();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  // someone else renames it while the dialog is open
  await rest.json("PUT", `/addressbooks/contacts/contacts/${id}`, { fullName: "James Bond", emails: [], phones: [], categories: [] });
  const edit = page.getByRole("dialog", { name: "Edit Person 007" });
  await edit.getByLabel("Organisation").fill("MI6");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toContainText("changed elsewhere");
  await expect(edit.getByLabel("Display name")).toHaveValue("James Bond");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "James Bond", level: 2 })).toBeVisible();
  expect((await rest.json<Card>("GET", `/addressbooks/contacts/contacts/${id}`)).fullName).toBe("James Bond");
});
