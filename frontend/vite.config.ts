/// <reference types="vitest/config" />
// Builds the web app into target/dist (the web WAR bundles it): hashed file names under assets/, and beside every
// text file over 1 KiB its gzip and brotli forms, which the server sends to clients that accept them.
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function precompress(): Plugin {
  let outDir = "";
  return {
    name: "nubo-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(file + ".gz", gzipSync(bytes, { level: 9 }));
        writeFileSync(
          file + ".br",
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [svelte(), precompress()],
  build: {
    outDir: "target/dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    target: "es2022",
  },
  server: {
    // `npm run dev` against a running server: NUBO_ORIGIN=http://127.0.0.1:8080 npx vite
    proxy: {
      "/api": process.env.NUBO_ORIGIN ?? "http://127.0.0.1:8080",
      "/dav": process.env.NUBO_ORIGIN ?? "http://127.0.0.1:8080",
      "/nextcloud": process.env.NUBO_ORIGIN ?? "http://127.0.0.1:8080",
    },
  },
  test: {
    include: ["src/**/*.test.ts"],
    environment: "jsdom",
  },
});
