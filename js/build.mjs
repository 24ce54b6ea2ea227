// Build the widgets' front end: js/src/ → borsen_widget/jupyter/static/
// {widget.js,panel.js,widget.css,editor.js,editor.css} (panel.js is ProbabilityPanel's module; it
// shares the panel's code and the CSS with the game; editor.* are RulesEditor's own).
// Usage: node build.mjs [outdir]   (default: ../borsen_widget/jupyter/static; run by `make js`).
// The output is committed, so `pip install` never needs Node; tests/test_js_build.py
// rebuilds into a temporary folder and checks the committed files are byte-for-byte equal.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(here, "..", "borsen_widget", "jupyter", "static"));
const banner = "/* Built from js/src by `make js` (esbuild); do not edit by hand. */";

const common = {
  absWorkingDir: here,
  bundle: true,
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  charset: "utf8",
  banner: { js: banner, css: banner },
};

await build({
  ...common,
  entryPoints: ["src/widget.js"],
  outfile: path.join(outdir, "widget.js"),
  format: "esm",
  target: "es2020",
});
await build({
  ...common,
  entryPoints: ["src/panel-widget.js"],
  outfile: path.join(outdir, "panel.js"),
  format: "esm",
  target: "es2020",
});
await build({
  ...common,
  entryPoints: ["src/widget.css"],
  outfile: path.join(outdir, "widget.css"),
  target: "chrome111",
});
await build({
  ...common,
  entryPoints: ["src/editor.js"],
  outfile: path.join(outdir, "editor.js"),
  format: "esm",
  target: "es2020",
});
await build({
  ...common,
  entryPoints: ["src/editor.css"],
  outfile: path.join(outdir, "editor.css"),
  target: "chrome111",
});
const built = "{widget.js,panel.js,widget.css,editor.js,editor.css}";
console.log(`built ${path.relative(process.cwd(), outdir) || "."}/${built}`);
