import { expect, test } from "@playwright/test";
import { dropUser, newUser, Rest, signIn, snapshot, unique } from "./fixtures";

test("an admin creates a group, adds a user and a nested group, meets a cycle refused, removes a member and deletes the group", async ({
  page,
  request,
}) => {
  const admin = await Rest.as(request);
  const member = await newUser(request, "gm");
  const team = unique("team").toLowerCase();
  const staff = unique("staff").toLowerCase();
  const inner = await admin.json<{ id: string }>("POST", "/admin/groups", { name: staff });

  await signIn(page);
  await page.goto("/admin");
  const groups = page.getByRole("region", { name: "Groups", exact: true });

  // create
  await groups.getByRole("button", { name: "New group" }).click();
  const create = page.getByRole("dialog", { name: "New group" });
  await create.getByLabel("Name", { exact: true }).fill(team);
  await create.getByLabel("Display name").fill("The Team");
  await create.getByRole("button", { name: "Create group" }).click();
  await expect(groups.getByRole("status")).toHaveText(`Created the group “${team}”.`);
  const row = groups.getByRole("row").filter({ hasText: team });
  await expect(row).toContainText("The Team");

  // add a user by searching, then the nested group
  await page.getByRole("button", { name: `Members of ${team}` }).click();
  const members = page.getByRole("dialog", { name: `Members of ${team}` });
  const add = members.getByRole("searchbox", { name: "Add a user or group" });
  await add.fill(member.username);
  await members.getByRole("button", { name: `Add ${member.username} (user)` }).click();
  await expect(members.getByRole("status").filter({ hasText: "Added" })).toHaveText(`Added “${member.username}”.`);
  await expect(members.getByRole("region", { name: "Member users" })).toContainText(member.username);
  await add.fill(staff);
  await members.getByRole("button", { name: `Add ${staff} (group)` }).click();
  await expect(members.getByRole("region", { name: "Member groups" })).toContainText(staff);
  await expect(members).toContainText("Directly: 1 user and 1 group. In all, through nested groups too: 1 user.");
  await snapshot(page, "admin-group-members");
  await members.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("1 user, 1 group");

  // the other way round would make a cycle: the server's message is shown, nothing changes
  await page.getByRole("button", { name: `Members of ${staff}` }).click();
  const nested = page.getByRole("dialog", { name: `Members of ${staff}` });
  await nested.getByRole("searchbox", { name: "Add a user or group" }).fill(team);
  await nested.getByRole("button", { name: `Add ${team} (group)` }).click();
  await expect(nested.getByRole("alert")).toContainText(`'${team}' cannot join '${staff}'`);
  await expect(nested.getByRole("region", { name: "Member groups" })).toContainText("No groups.");
  await nested.getByRole("button", { name: "Close" }).click();

  // remove the user
  await page.getByRole("button", { name: `Members of ${team}` }).click();
  await members.getByRole("button", { name: `Remove ${member.username} from ${team}` }).click();
  await expect(members.getByRole("region", { name: "Member users" })).toContainText("No users.");
  const mine = await admin.json<{ effective: unknown[] }>("GET", `/admin/users/${member.id}/groups`);
  expect(mine.effective).toEqual([]);
  await members.getByRole("button", { name: "Close" }).click();

  // delete with a confirmation
  await page.getByRole("button", { name: `Delete group ${team}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(groups.getByRole("status")).toHaveText(`Deleted the group “${team}”.`);
  await expect(row).toHaveCount(0);

  await admin.json("DELETE", `/admin/groups/${inner.id}`);
  await dropUser(request, member);
});

test("a bad group name shows the server's reason and creates nothing", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/admin");
  const groups = page.getByRole("region", { name: "Groups", exact: true });
  await groups.getByRole("button", { name: "New group" }).click();
  const create = page.getByRole("dialog", { name: "New group" });
  await create.getByLabel("Name", { exact: true }).fill("no/slashes");
  await create.getByRole("button", { name: "Create group" }).click();
  await expect(create.getByRole("alert")).toContainText("name may contain only");
  await create.getByRole("button", { name: "Cancel" }).click();
  const admin = await Rest.as(request);
  const page1 = await admin.json<{ total: number }>("GET", "/admin/groups?q=no");
  expect(page1.total).toBe(0);
});
