// Multi-selection over an ordered list, as file managers do it: a click selects one item, ctrl/cmd-click toggles
// one, shift-click selects the range from the anchor (the last plainly clicked or toggled item), select all.

export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly anchor: string | null;
}

export const empty: Selection = { ids: new Set(), anchor: null };

export function click(
  sel: Selection,
  order: readonly string[],
  id: string,
  mods: { toggle?: boolean; range?: boolean },
): Selection {
  if (mods.range && sel.anchor !== null) {
    const a = order.indexOf(sel.anchor);
    const b = order.indexOf(id);
    if (a >= 0 && b >= 0) {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const ids = new Set(mods.toggle ? sel.ids : []);
      for (let i = from; i <= to; i++) ids.add(order[i]);
      return { ids, anchor: sel.anchor };
    }
  }
  if (mods.toggle) {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

export function all(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order.length ? order[0] : null };
}

/** Moves the focus by delta with the keyboard; with shift it extends the selection from the anchor. */
export function step(sel: Selection, order: readonly string[], focus: string | null, delta: number, extend: boolean) {
  if (!order.length) return { sel, focus: null };
  const at = focus === null ? -1 : order.indexOf(focus);
  const next = order[Math.max(0, Math.min(order.length - 1, at < 0 ? 0 : at + delta))];
  return { sel: extend ? click(sel, order, next, { range: true }) : click(sel, order, next, {}), focus: next };
}

/** Keeps only the ids still listed (after a refresh, a delete). */
export function retain(sel: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const ids = new Set([...sel.ids].filter((id) => present.has(id)));
  return { ids, anchor: sel.anchor !== null && present.has(sel.anchor) ? sel.anchor : null };
}
