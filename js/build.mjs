// Build the widgets' front end: js/src/ → borsen_widget/static/
//   widget.js   the game widget (anywidget ES module)
//   panel.js    ProbabilityPanel's module (it shares the panel's code and the CSS with the game)
//   widget.css  the styles of both, and of the table on the students' page
//   editor.js, editor.css: RulesEditor's own
//   student.js, student.css, student.html: the students' page of a class (w.classroom()),
//               whose table is drawn by the same source (js/src/table.js) as the widget's
//   projector.js, projector.css, projector.html: a class's projector page (read-only)
//   card.js     the join card of a class in a cell of its own (`room` shown), live
// Usage: node build.mjs [outdir]   (default: ../borsen_widget/static; run by `make js`).
// The output is committed, so `pip install` never needs Node; tests/test_js_build.py
// rebuilds into a temporary folder and checks the committed files are byte-for-byte equal.
import { build } from "esbuild";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(process.argv[2] ?? path.join(here, "..", "borsen_widget", "static"));
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

for (const [entry, out] of [
  ["src/widget.js", "widget.js"],
  ["src/panel-widget.js", "panel.js"],
  ["src/editor.js", "editor.js"],
  ["src/student.js", "student.js"],
  ["src/card-widget.js", "card.js"],
  ["src/projector.js", "projector.js"],
]) {
  await build({ ...common, entryPoints: [entry], outfile: path.join(outdir, out), format: "esm", target: "es2020" });
}
for (const name of ["widget.css", "editor.css", "student.css", "projector.css"]) {
  await build({ ...common, entryPoints: [`src/${name}`], outfile: path.join(outdir, name), target: "chrome111" });
}
await mkdir(outdir, { recursive: true });
for (const page of ["student.html", "projector.html"]) {
  await copyFile(path.join(here, "src", page), path.join(outdir, page));
}
const built =
  "{widget.js,panel.js,widget.css,editor.js,editor.css,student.js,student.css,student.html," +
  "projector.js,projector.css,projector.html,card.js}";
console.log(`built ${path.relative(process.cwd(), outdir) || "."}/${built}`);
