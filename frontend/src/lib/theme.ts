// Light or dark: the system's choice until the user picks one, remembered in this browser.
import { writable } from "svelte/store";

const KEY = "nubo.theme";
const stored = localStorage.getItem(KEY);
const system = matchMedia("(prefers-color-scheme: dark)").matches;
export const dark = writable(stored ? stored === "dark" : system);

dark.subscribe((on) => {
  document.documentElement.dataset.theme = on ? "dark" : "light";
});

export function toggleTheme(): void {
  dark.update((on) => {
    localStorage.setItem(KEY, on ? "light" : "dark");
    return !on;
  });
}
