// Files and whole folders dropped on the page, with each file's path relative to the drop.

export interface Dropped {
  file: File;
  path: string;
}

interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (e: Entry[]) => void, fail: (e: unknown) => void) => void };
}

async function walk(entry: Entry, prefix: string, out: Dropped[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    out.push({ file, path: prefix + entry.name });
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries answers in batches (100 in Chromium) until it answers an empty one
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (!batch.length) break;
      for (const child of batch) await walk(child, prefix + entry.name + "/", out);
    }
  }
}

export async function droppedFiles(data: DataTransfer): Promise<Dropped[]> {
  const out: Dropped[] = [];
  const entries = [...data.items]
    .filter((i) => i.kind === "file")
    .map((i) => (i as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length && entries.every((e) => e !== null)) {
    for (const e of entries) await walk(e!, "", out);
    return out;
  }
  return [...data.files].map((file) => ({ file, path: file.name }));
}

/** Files chosen through <input type=file webkitdirectory> carry their relative path. */
export function chosenFiles(list: FileList): Dropped[] {
  return [...list].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
