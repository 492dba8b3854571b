import { expect, test } from "@playwright/test";
import { dropUser, newUser, Rest, signIn, unique } from "./fixtures";

test("an admin creates a drive and adds a member; the member finds it in the navigation, uploads and sees the file", async ({
  page,
  request,
}) => {
  const member = await newUser(request, "dm");
  const name = unique("Team drive");

  // the admin: create the drive, then add the member as an editor
  await signIn(page);
  await page.goto("/admin");
  const drives = page.getByRole("region", { name: "Shared drives" });
  await drives.getByRole("button", { name: "New drive" }).click();
  const create = page.getByRole("dialog", { name: "New drive" });
  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByLabel("Quota (GB, empty for none)").fill("1");
  await create.getByRole("button", { name: "Create drive" }).click();
  await expect(drives.getByRole("status")).toHaveText(`Drive ${name} created`);
  const row = drives.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("0 members");
  await row.getByRole("button", { name: "Members" }).click();
  const members = page.getByRole("dialog", { name: `Members of ${name}` });
  await members.getByRole("searchbox", { name: "User or group" }).fill(member.username);
  await members.getByRole("button", { name: new RegExp(`^Add .*\\(${member.username}\\)$`) }).click();
  await expect(members.getByRole("combobox", { name: `Role of ${member.username}` })).toHaveValue("editor");
  await members.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("1 members");
  await page.getByRole("button", { name: "Sign out" }).click();

  // the member: the drive is in the navigation; upload into it and see it listed
  await signIn(page, member.username, member.password);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name, exact: true }).click();
  await expect(page.locator(".crumbs [aria-current]")).toHaveText(name);
  const file = `${unique("drive-file")}.txt`;
  await page.locator('input[type="file"][multiple]').setInputFiles({
    name: file,
    mimeType: "text/plain",
    buffer: Buffer.from("shared by the team"),
  });
  // the file is the drive's (its bytes count there), not the member's
  const rest = await Rest.as(request, member.username, member.password);
  const myDrives = () => rest.json<{ id: string; usedBytes: number; role: string }[]>("GET", "/drives");
  await expect.poll(async () => (await myDrives())[0]?.usedBytes).toBe("shared by the team".length);
  const mine = await myDrives();
  expect(mine).toHaveLength(1);
  expect(mine[0].role).toBe("editor");

  // listed in the drive, also after a reload
  await page.reload();
  await expect(page.getByRole("main").getByRole("button", { name: file, exact: true })).toBeVisible();
  expect((await rest.json<{ usedBytes: number }>("GET", "/usage")).usedBytes).toBe(0);

  const admin = await Rest.as(request);
  await admin.json("DELETE", `/admin/drives/${mine[0].id}?force=true`);
  await dropUser(request, member);
});
