"""End-to-end: the simulator's charts (Vega-Lite) draw in a real JupyterLab, with the renderer
JupyterLab ships (the JupyterLite page draws them with the same one: tests/browser/test_lite.py),
a Norwegian one too: its ``config.locale`` (decimal comma, ``42 %``) is read by that Vega.
"""

from __future__ import annotations

from harness import KERNEL_IDLE_JS, write_notebook

# Every chart drawn: its canvas inside .vega-embed, and how many of its pixels are not blank.
CHARTS = """() => [...document.querySelectorAll('.vega-embed')].map((embed) => {
  const canvas = embed.querySelector('canvas');
  if (!canvas || !canvas.width) return {inked: 0, width: 0};
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
  return {inked, width: canvas.getBoundingClientRect().width};
})"""

# The MIME types of every output of the notebook (the renderer adds a PNG once it has drawn).
OUTPUT_MIMES = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const found = [];
  for (let i = 0; i < cells.length; i++) {
    const outputs = cells.get(i).outputs;
    for (let j = 0; outputs && j < outputs.length; j++)
      found.push(Object.keys(outputs.get(j).toJSON().data || {}));
  }
  return found;
}"""

VEGA_LITE = "application/vnd.vegalite.v5+json"


def test_result_plot_and_a_lesson_chart_draw_in_jupyterlab(page, lab, artifacts):
    write_notebook(
        lab.root / "charts.ipynb",
        [
            "from borsen_widget import RandomBot, Rules, ThresholdBot, simulate\n"
            "from borsen_widget.sim.charts import Chart\n"
            "result = simulate(Rules(), [ThresholdBot(4), RandomBot(), ThresholdBot(2)], 300,"
            " seed=1)\n"
            "result.plot()",
            "left = Chart('a band and a line', x='n', y='share', x_log=True, y_domain=(0, 1))\n"
            "left.band([1, 10, 100], [0.1, 0.3, 0.4], [0.9, 0.7, 0.6], label='p ± 1.96·SE')\n"
            "left.line([1, 10, 100], [0.8, 0.45, 0.52], label='share').rule(0.5, label='p')\n"
            "left | Chart('a histogram').histogram([1, 2, 2, 3, 7], bins=range(0, 9))",
            "result.plot(by='seat', language='nb')",
        ],
    )
    page.goto(f"{lab.url}/lab/tree/charts.ipynb?reset")
    page.wait_for_function(KERNEL_IDLE_JS, timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        f"() => ({CHARTS})().filter((c) => c.inked > 500).length >= 3", timeout=60_000
    )
    drawn = page.evaluate(CHARTS)
    # result.plot(), two charts side by side in one canvas, and the bokmål chart by seat
    assert len(drawn) == 3, drawn
    assert drawn[0]["width"] > 200 and drawn[1]["width"] > 2 * drawn[0]["width"], drawn
    page.wait_for_function(
        f"() => ({OUTPUT_MIMES})().filter((m) => m.includes('image/png')).length >= 3",
        timeout=30_000,
    )
    charts = [m for m in page.evaluate(OUTPUT_MIMES) if VEGA_LITE in m]
    assert len(charts) == 3 and all("image/png" in m for m in charts), charts
    cells = page.locator(".jp-Cell:has(.vega-embed)")
    cells.first.screenshot(path=str(artifacts / "chart.png"))
    cells.nth(2).screenshot(path=str(artifacts / "chart-nb.png"))  # 0 %, 10 %: the axis
